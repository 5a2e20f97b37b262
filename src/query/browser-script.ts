import { LandingGraphError, quoteValue } from '../errors.js';
import { paramLine } from './browser-guide.js';
import { pictureParams } from './picture.js';
import { suppliedParamLines } from './supplied.js';
import type { ParamValue, QueryDefinition } from './types.js';

/**
 * A query's picture form as text to paste into Neo4j Browser's editor (`landing-graph query <name> --picture`):
 * a `:param` line for each parameter the picture uses, set to `values` (as resolveParams gives them), and for each
 * list the program supplies (src/query/supplied.ts), then the
 * statement. Browser's multi-statement editor runs them one after the other. A query without a picture is a
 * CONFIG_INVALID error.
 */
export function pictureScript(query: QueryDefinition, values: Readonly<Record<string, ParamValue | null>>): string {
  if (!query.picture) throw new LandingGraphError('CONFIG_INVALID', `query ${quoteValue(query.name)} has no picture form`);
  const lines = [...pictureParams(query).map((p) => paramLine(p, values[p.name] ?? null)), ...suppliedParamLines(query.picture.statement)];
  return `${[...lines, `${query.picture.statement};`].join('\n')}\n`;
}
