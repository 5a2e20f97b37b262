import type { ManagedTransaction } from 'neo4j-driver';
import { chunks, ROWS_PER_STATEMENT } from './chunks.js';
import { runNamed } from './executor.js';

/**
 * Element ids of nodes a transaction wrote or found, by a key of ours: `landingRef` (kind and page number)
 * or `pivotRef` (kind and key). Statements that come later in the same transaction find a node by its
 * element id directly, where a lookup by property in a writing statement is a locking index seek (about
 * half of what writing a list edge cost). Never kept past the transaction: Neo4j reuses the ids of
 * deleted nodes.
 */
export type ElementIds = Map<string, string>;

export const landingRef = (kind: string, id: number): string => `${kind}#${id}`;
export const pivotRef = (kind: string, key: string): string => `${kind}:${key}`;

/** Add the `[kind, id or key, elementId]` triples a statement collected (`ref` builds the key). */
export function addElementIds(into: ElementIds, triples: unknown, ref: (kind: string, idOrKey: never) => string): void {
  for (const [kind, idOrKey, elementId] of (triples ?? []) as [string, never, string][]) into.set(ref(kind, idOrKey), elementId);
}

/**
 * Make sure `ids` holds the Landing nodes (by page number) among `refs`: those a caller did not write in
 * this transaction are looked up (cypher/landing-element-ids.cypher). A node that does not exist stays
 * absent. Returns the element ids of the nodes, among the refs with `answer` true, that hold a stored answer.
 */
export async function findLandingIds(
  tx: ManagedTransaction,
  refs: readonly { kind: string; id: number; answer?: boolean }[],
  ids: ElementIds,
): Promise<Set<string>> {
  const missing = new Map<string, { kind: string; id: number; answer: boolean }>();
  for (const { kind, id, answer } of refs) {
    const ref = landingRef(kind, id);
    if (!ids.has(ref)) missing.set(ref, { kind, id, answer: answer === true || missing.get(ref)?.answer === true });
  }
  const answered = new Set<string>();
  for (const rows of chunks([...missing.values()], ROWS_PER_STATEMENT * 4)) {
    const [row] = await runNamed(tx, 'landing-element-ids', { refs: rows });
    addElementIds(ids, row?.nodes, landingRef);
    for (const elementId of (row?.answered ?? []) as string[]) answered.add(elementId);
  }
  return answered;
}
