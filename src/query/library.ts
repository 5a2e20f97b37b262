import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCypherFile } from '../store/cypher-files.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import { runText, type Executor, type Row } from '../store/executor.js';
import { parseQueryFile } from './definition.js';
import { attachPictures, parsePictureFile } from './picture.js';
import type { QueryDefinition } from './types.js';
import { suppliedParameters } from './supplied.js';

/** cypher/queries/: the same relative place from src/query (vitest) and dist/query (built). */
const queriesRoot = fileURLToPath(new URL('../../cypher/queries/', import.meta.url));

/** The folder of the query library. */
export function queriesFolder(): string {
  return queriesRoot;
}

/** The `*.cypher` files of a folder as [name, text], in name order. */
function cypherFiles(folder: string): [string, string][] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.cypher'))
    .sort()
    .map((file) => [file.slice(0, -'.cypher'.length), readCypherFile(path.join(folder, file))]);
}

/**
 * Every `*.cypher` file of the library, parsed, in name order, each with its picture form from the folder's
 * `pictures/` when it has one. A malformed file, or a picture of an unknown query or with a parameter its query
 * does not declare, is a CONFIG_INVALID error.
 */
export function loadQueries(folder: string = queriesRoot): QueryDefinition[] {
  const queries = cypherFiles(folder).map(([name, text]) => parseQueryFile(name, text));
  const pictures = path.join(folder, 'pictures');
  if (!existsSync(pictures)) return queries;
  return attachPictures(
    queries,
    cypherFiles(pictures).map(([name, text]) => parsePictureFile(name, text)),
  );
}

/** The query called `name`; an unknown name is a CONFIG_INVALID error that lists the known ones. */
export function findQuery(queries: readonly QueryDefinition[], name: string): QueryDefinition {
  const query = queries.find((q) => q.name === name);
  if (!query)
    throw new LandingGraphError(
      'CONFIG_INVALID',
      `no query ${quoteValue(name)}; the library has: ${queries.map((q) => q.name).join(', ')}`,
    );
  return query;
}

/** What a query returned: its columns (as declared, so that empty results still have a header) and rows. */
export interface QueryResult {
  columns: string[];
  rows: Row[];
}

/**
 * Run a library query read-only (a read transaction: the server refuses writes) with parameters from
 * bindParams. Columns are the declared ones, followed by any the statement returned beyond them.
 */
export async function runQuery(
  executor: Executor,
  query: QueryDefinition,
  params: Record<string, unknown>,
  options: { database?: string } = {},
): Promise<QueryResult> {
  const all = { ...suppliedParameters(), ...params };
  const rows = await runText(executor, query.statement, all, { mode: 'read', database: options.database }, `query ${query.name}`);
  const extra = rows.length > 0 ? Object.keys(rows[0] as Row).filter((key) => !query.columns.includes(key)) : [];
  return { columns: [...query.columns, ...extra], rows };
}

/**
 * Run a query's picture form read-only, as runQuery runs the table form, and return its rows as the driver gives
 * them: nodes, relationships and paths (neo4j-driver's Node, Relationship, Path), or lists of them. A query
 * without a picture is a CONFIG_INVALID error.
 */
export async function runPicture(
  executor: Executor,
  query: QueryDefinition,
  params: Record<string, unknown>,
  options: { database?: string } = {},
): Promise<Row[]> {
  if (!query.picture) throw new LandingGraphError('CONFIG_INVALID', `query ${quoteValue(query.name)} has no picture form`);
  const all = { ...suppliedParameters(), ...params };
  return runText(executor, query.picture.statement, all, { mode: 'read', database: options.database }, `picture of ${query.name}`);
}
