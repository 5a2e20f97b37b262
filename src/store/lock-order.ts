/**
 * The one order in which a commit's statements meet the nodes they lock. Two commits written at once
 * (the crawl's commitsInFlight) often upsert the same nodes: records both list, pivots both name. When
 * each takes its locks in its own order, each can hold a node the other waits for (a deadlock, which
 * Neo4j breaks by failing one transaction and the driver retries, writing the whole commit again).
 * Rows sorted the same way in every transaction take their locks in one global order, so one commit waits
 * for the other instead. Pure.
 */

/** Rows sorted by `kind`, then by their number or key; the input is left as it was. */
export function inLockOrder<T extends { kind: string }>(rows: readonly T[], keyOf: (row: T) => number | string): T[] {
  return [...rows].sort((a, b) => compare(a.kind, b.kind) || compare(keyOf(a), keyOf(b)));
}

function compare(a: number | string, b: number | string): number {
  if (a === b) return 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}
