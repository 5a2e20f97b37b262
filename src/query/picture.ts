import { LandingGraphError, quoteValue } from '../errors.js';
import type { QueryDefinition, QueryParam, QueryPicture } from './types.js';
import { isSupplied } from './supplied.js';

/**
 * The picture form of a library query: `cypher/queries/pictures/<name>.cypher`, a header of two fields and ONE
 * Cypher statement that returns nodes, relationships or paths (Neo4j Browser draws them):
 *
 *   // picture of: shared-ip                                      (the query it draws; the file has its name)
 *   // description: Each shared IP with the records that ...      (repeatable: the lines are joined)
 *
 *   // Comments after a blank line belong to the statement, and are kept.
 *   MATCH ...
 *
 * The statement may use the query's parameters (some or all), never others.
 */
const FIELD = /^\/\/ ?(picture of|description):(?:\s+(.*))?$/;
const PARAM_USE = /\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** A picture file parsed: the query it draws, what it draws, its statement. */
export interface PictureFile extends QueryPicture {
  /** The file name without `.cypher`. */
  file: string;
  /** The query it is the picture of (`// picture of:`). */
  of: string;
}

function pictureError(file: string, problem: string, line?: number): LandingGraphError {
  return new LandingGraphError(
    'CONFIG_INVALID',
    `cypher/queries/pictures/${file}.cypher${line === undefined ? '' : `:${line}`}: ${problem}`,
  );
}

/** Parse the text of `cypher/queries/pictures/<file>.cypher`; a malformed file is a CONFIG_INVALID error naming file and line. */
export function parsePictureFile(file: string, text: string): PictureFile {
  const fail = (problem: string, line?: number): never => {
    throw pictureError(file, problem, line);
  };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let of: string | undefined;
  const description: string[] = [];
  let index = 0;
  for (; index < lines.length; index++) {
    const line = (lines[index] ?? '').trim();
    if (!line.startsWith('//')) break;
    const match = FIELD.exec(line);
    if (!match) fail(`not a header line (picture of, description): ${line}`, index + 1);
    const [, field, value = ''] = match as RegExpExecArray;
    if (value.trim() === '') fail(`empty ${field}`, index + 1);
    if (field === 'description') description.push(value.trim());
    else of = of === undefined ? value.trim() : fail('a second `// picture of:` line', index + 1);
  }
  const statement = lines.slice(index).join('\n').trim().replace(/;\s*$/, '').trim();
  if (of === undefined) return fail('no `// picture of:` line');
  if (of !== file) fail(`the picture of ${quoteValue(of)} must be in pictures/${of}.cypher`);
  if (description.length === 0) fail('no `// description:` line');
  if (statement === '') fail('no Cypher statement after the header');
  if (/;\s*$/m.test(statement)) fail('more than one statement (a `;` ends a line)');
  return { file, of, description: description.join(' '), statement };
}

/** The names a statement uses as `$name`. */
function usedNames(statement: string): Set<string> {
  return new Set([...statement.matchAll(PARAM_USE)].map((m) => m[1] as string));
}

/** The parameters of a query that its picture uses, in declared order (none without a picture). */
export function pictureParams(query: QueryDefinition): QueryParam[] {
  const used = usedNames(query.picture?.statement ?? '');
  return query.params.filter((p) => used.has(p.name));
}

/**
 * The queries with their pictures attached. A picture of a query the library lacks, one that uses a parameter its
 * query does not declare, or a parameter declared `for=picture` that no picture uses, is a CONFIG_INVALID error.
 */
export function attachPictures(queries: readonly QueryDefinition[], pictures: readonly PictureFile[]): QueryDefinition[] {
  const byQuery = new Map<string, PictureFile>();
  for (const picture of pictures) {
    const query = queries.find((q) => q.name === picture.of);
    if (!query)
      throw pictureError(
        picture.file,
        `picture of ${quoteValue(picture.of)}, which is no query of the library (${queries.map((q) => q.name).join(', ')})`,
      );
    const declared = new Set(query.params.map((p) => p.name));
    for (const name of usedNames(picture.statement))
      if (!declared.has(name) && !isSupplied(name))
        throw pictureError(
          picture.file,
          `the statement uses $${name}, which query ${query.name} does not declare (it takes ${[...declared].join(', ') || 'no parameters'})`,
        );
    byQuery.set(query.name, picture);
  }
  for (const query of queries) {
    const used = usedNames(byQuery.get(query.name)?.statement ?? '');
    for (const param of query.params)
      if (param.pictureOnly && !used.has(param.name))
        throw new LandingGraphError(
          'CONFIG_INVALID',
          `cypher/queries/${query.name}.cypher: parameter ${param.name} is for the picture, yet ${byQuery.has(query.name) ? `pictures/${query.name}.cypher never uses $${param.name}` : 'the query has no picture'}`,
        );
  }
  return queries.map((query) => {
    const picture = byQuery.get(query.name);
    return picture ? { ...query, picture: { statement: picture.statement, description: picture.description } } : query;
  });
}
