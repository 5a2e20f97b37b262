import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LandingGraphError, quoteValue } from '../errors.js';
import { runText, type Executor, type Row } from '../store/executor.js';
import { parseQueryFile } from './definition.js';
import type { QueryDefinition } from './types.js';

/** cypher/queries/: the same relative place from src/query (vitest) and dist/query (built). */
const queriesRoot = fileURLToPath(new URL('../../cypher/queries/', import.meta.url));

/** The folder of the query library. */
export function queriesFolder(): string {
  return queriesRoot;
}

/** Every `*.cypher` file of the library, parsed, in name order. A malformed file is a CONFIG_INVALID error. */
export function loadQueries(folder: string = queriesRoot): QueryDefinition[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.cypher'))
    .sort()
    .map((file) => parseQueryFile(file.slice(0, -'.cypher'.length), readFileSync(path.join(folder, file), 'utf8')));
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
  const rows = await runText(executor, query.statement, params, { mode: 'read', database: options.database }, `query ${query.name}`);
  const extra = rows.length > 0 ? Object.keys(rows[0] as Row).filter((key) => !query.columns.includes(key)) : [];
  return { columns: [...query.columns, ...extra], rows };
}
