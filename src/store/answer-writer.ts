import type { ManagedTransaction } from 'neo4j-driver';
import type { GraphBatch } from '../graph/model.js';
import type { PivotBatch } from '../graph/pivots/index.js';
import { retireUnseen, writeGraph } from './graph-writer.js';
import { writePivots } from './pivot-writer.js';

export interface AnswersWritten {
  /** Node and pivot rows written. */
  nodes: number;
  /** Edge and link rows written. */
  edges: number;
  /** Stored answers kept as versions because the new one differs. */
  versions: number;
  /** Links the new answers no longer have, kept with removedAt. */
  removed: number;
}

/**
 * Write mapped answers in the caller's transaction, in the one order that keeps every guarantee: records
 * (versions of changed ones first), then their pivots and block links, then the history of what their
 * new answers no longer have. A crawl's commit and a load both write through here.
 */
export async function writeAnswers(
  tx: ManagedTransaction,
  batches: readonly GraphBatch[],
  pivots: readonly PivotBatch[],
  nowIso: string,
): Promise<AnswersWritten> {
  const written = await writeGraph(tx, batches, nowIso);
  const linked = await writePivots(tx, pivots, nowIso, { adoptKeyStubs: written.keyConflicts > 0, landingIds: written.landingIds });
  const removed = await retireUnseen(tx, written.refetchable, nowIso);
  return { nodes: written.nodes + linked.pivots, edges: written.edges + linked.links, versions: written.versions, removed };
}
