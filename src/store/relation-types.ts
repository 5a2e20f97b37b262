import type { RelationType } from '../api/kinds.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import { KEY_LINK_RELATIONS, PIVOT_KINDS } from '../graph/pivots/model.js';

/** The list edges cypher/upsert-edges.cypher has a MERGE for. */
export const LIST_RELATIONS: readonly RelationType[] = ['RELATED', 'SIMILAR', 'COMPETITOR'];
/** The pivot links cypher/pivots/upsert-pivot-links.cypher has a MERGE for. */
export const PIVOT_RELATIONS: readonly string[] = Object.values(PIVOT_KINDS).map((kind) => kind.relation);
/** The key links cypher/pivots/upsert-key-links.cypher has a MERGE for. */
export { KEY_LINK_RELATIONS };

/**
 * The write statements hold one MERGE per relationship type (a dynamic type would be planned as a scan),
 * so a row of any other type would be written by none of them, silently. Refuse it before it is sent.
 */
export function requireKnownTypes(rows: readonly { type: string }[], known: readonly string[], statement: string): void {
  for (const row of rows)
    if (!known.includes(row.type))
      throw new LandingGraphError(
        'NEO4J_QUERY',
        `${statement}: relationship type ${quoteValue(row.type)} is not one of ${known.join(', ')}; nothing was written`,
      );
}
