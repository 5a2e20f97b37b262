import type { ManagedTransaction } from 'neo4j-driver';
import { mergePivotBatches } from '../graph/pivots/merge.js';
import type { PivotBatch } from '../graph/pivots/model.js';
import { chunks, ROWS_PER_STATEMENT } from './chunks.js';
import { runNamed } from './executor.js';

export interface PivotWriteCounts {
  /** Distinct pivot nodes written. */
  pivots: number;
  /** Distinct relationships written: record-to-pivot links plus key links to Landing nodes. */
  links: number;
}

export interface WritePivotsOptions {
  /**
   * Run adoptKeyStubs first. Pass `writeGraph(...).keyConflicts > 0` when the records were written in
   * the same transaction: only a conflict met there can be folded, and the statement is not free.
   * Default: true.
   */
  adoptKeyStubs?: boolean;
}

/**
 * Write pivot batches (src/graph/pivots) inside the caller's transaction: first fold key-only stubs into
 * the records that now hold their keys (adoptKeyStubs), then pivot nodes, links from records to pivots,
 * and key links from records to the Landing entities their blocks name. Batches are merged first, so a
 * pivot shared by many records is sent once per call.
 *
 * Ordering requirement: both ends of every link must already exist in this transaction, because the
 * links MATCH them and silently skip rows whose ends are missing. Before calling, write
 * - each batch's own record node (Landing {kind, id}), e.g. writeGraph(tx, [mapFetchedRecord(...)], now),
 * - and each batch's keyStubs, e.g. writeGraph(tx, [{ nodes: batch.keyStubs, edges: [] }], now).
 * This function writes neither. Idempotent: re-running with the same batches changes only lastSeenAt.
 */
export async function writePivots(
  tx: ManagedTransaction,
  batches: readonly PivotBatch[],
  nowIso: string,
  options: WritePivotsOptions = {},
): Promise<PivotWriteCounts> {
  const { pivots, links, keyLinks } = mergePivotBatches(batches);
  if (options.adoptKeyStubs ?? true) await adoptKeyStubs(tx);
  for (const rows of chunks(pivots, ROWS_PER_STATEMENT)) await runNamed(tx, 'pivots/upsert-pivots', { rows, now: nowIso });
  for (const rows of chunks(links, ROWS_PER_STATEMENT * 4)) await runNamed(tx, 'pivots/upsert-pivot-links', { rows, now: nowIso });
  for (const rows of chunks(keyLinks, ROWS_PER_STATEMENT * 4)) await runNamed(tx, 'pivots/upsert-key-links', { rows, now: nowIso });
  return { pivots: pivots.length, links: links.length + keyLinks.length };
}

/**
 * A record written by page number after a key-only stub took its key (a company named by INN in a
 * block while only listed, without a key, elsewhere) is left by cypher/upsert-nodes-by-id.cypher with
 * `keyConflict` instead of the key, beside the stub. Fold such stubs into those nodes: their
 * LISTS_CONTACT / NAMES_COMPANY links move over, the stub goes, the node takes the key. Returns how many
 * were folded. writePivots runs it first; it only touches stubs whose sole links are those two types.
 */
export async function adoptKeyStubs(tx: ManagedTransaction): Promise<number> {
  const [row] = await runNamed(tx, 'pivots/adopt-key-stubs');
  return typeof row?.adopted === 'number' ? row.adopted : 0;
}
