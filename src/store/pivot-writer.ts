import type { ManagedTransaction } from 'neo4j-driver';
import { mergePivotBatches } from '../graph/pivots/merge.js';
import type { NodeRow } from '../graph/model.js';
import type { CompanyNumbers, PivotBatch } from '../graph/pivots/model.js';
import { chunks, ROWS_PER_STATEMENT } from './chunks.js';
import { addElementIds, findLandingIds, landingRef, pivotRef, type ElementIds } from './element-ids.js';
import { runNamed } from './executor.js';
import { inLockOrder } from './lock-order.js';
import { KEY_LINK_RELATIONS, PIVOT_RELATIONS, requireKnownTypes } from './relation-types.js';

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
  /**
   * Element ids of Landing nodes written earlier in the same transaction (writeGraph's `landingIds`), so
   * that the links find their records without a lookup; records not in it are looked up. Default: none.
   */
  landingIds?: ElementIds;
}

/**
 * Write pivot batches (src/graph/pivots) inside the caller's transaction: first fold key-only stubs into
 * the records that now hold their keys (adoptKeyStubs), then pivot nodes, links from records to pivots,
 * and key links from records to the Landing entities their blocks name; last, fold the stubs keyed by
 * an OGRN into the company keyed by the INN stated with it (resolveCompanyNumbers). Batches are merged
 * first, so a pivot shared by many records is sent once per call.
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
  const { pivots, links, keyLinks, keyStubs, companyNumbers } = mergePivotBatches(batches);
  requireKnownTypes(links, PIVOT_RELATIONS, 'pivots/upsert-pivot-links');
  requireKnownTypes(keyLinks, KEY_LINK_RELATIONS, 'pivots/upsert-key-links');
  if (options.adoptKeyStubs ?? true) await adoptKeyStubs(tx);
  const pivotIds: ElementIds = new Map();
  const ordered = inLockOrder(pivots, (pivot) => pivot.key);
  for (const rows of chunks(ordered, ROWS_PER_STATEMENT)) {
    const [row] = await runNamed(tx, 'pivots/upsert-pivots', { rows, now: nowIso });
    addElementIds(pivotIds, row?.pivots, pivotRef);
  }
  const landingIds: ElementIds = new Map(options.landingIds);
  await findLandingIds(
    tx,
    [...links, ...keyLinks].map((l) => ({ kind: l.fromKind, id: l.fromId })),
    landingIds,
  );
  // A link whose record does not exist is left out, as a MATCH would (see the ordering requirement above).
  const linkRows = links.flatMap(({ fromKind, fromId, pivotKind, pivotKey, ...rest }) => {
    const from = landingIds.get(landingRef(fromKind, fromId));
    const pivot = pivotIds.get(pivotRef(pivotKind, pivotKey));
    return from && pivot ? [{ ...rest, from, pivot }] : [];
  });
  const keyLinkRows = keyLinks.flatMap(({ fromKind, fromId, ...rest }) => {
    const from = landingIds.get(landingRef(fromKind, fromId));
    return from ? [{ ...rest, from }] : [];
  });
  for (const rows of chunks(linkRows, ROWS_PER_STATEMENT * 4)) await runNamed(tx, 'pivots/upsert-pivot-links', { rows, now: nowIso });
  for (const rows of chunks(keyLinkRows, ROWS_PER_STATEMENT * 4)) await runNamed(tx, 'pivots/upsert-key-links', { rows, now: nowIso });
  await resolveCompanyNumbers(tx, companyNumberRows(companyNumbers, keyStubs));
  return { pivots: pivots.length, links: links.length + keyLinks.length };
}

/**
 * A record written by page number after a key-only stub took its key (a company named by INN in a
 * block while only listed, without a key, elsewhere) is left by cypher/upsert-nodes-by-id.cypher with
 * `keyConflict` instead of the key, beside the stub. Fold such stubs into those nodes: their key links
 * move over, the stub goes, the node takes the key. Returns how many were folded. writePivots runs it
 * first; it only touches stubs whose sole links are incoming key links.
 */
export async function adoptKeyStubs(tx: ManagedTransaction): Promise<number> {
  return foldKeyStubs(tx, await runNamed(tx, 'pivots/adopt-key-stubs'));
}

/** One row of cypher/pivots/find-number-stubs.cypher: a stated pair, or an OGRN named alone (inn null). */
export interface CompanyNumberRow {
  inn: string | null;
  ogrn: string;
}

/**
 * The rows to resolve: every INN/OGRN pair the batches state, and every company key stub keyed by an
 * OGRN (13 or 15 digits) they name without its INN, one row per OGRN (a stated pair first). Pure.
 */
export function companyNumberRows(pairs: readonly CompanyNumbers[], keyStubs: readonly NodeRow[]): CompanyNumberRow[] {
  const rows = new Map<string, CompanyNumberRow>();
  for (const { inn, ogrn } of pairs) if (!rows.has(ogrn)) rows.set(ogrn, { inn, ogrn });
  for (const stub of keyStubs) {
    if (stub.kind === 'company' && stub.key !== null && /^(?:\d{13}|\d{15})$/.test(stub.key) && !rows.has(stub.key))
      rows.set(stub.key, { inn: null, ogrn: stub.key });
  }
  return [...rows.values()];
}

/**
 * Entity resolution by company numbers (cypher/pivots/find-number-stubs.cypher): key-only stubs keyed by
 * an OGRN whose INN is known are folded into the node keyed by that INN, all their links moved with
 * their properties; the node lists the folded keys in `mergedKeys`. Returns how many were folded.
 */
export async function resolveCompanyNumbers(tx: ManagedTransaction, rows: readonly CompanyNumberRow[]): Promise<number> {
  let folded = 0;
  for (const chunk of chunks(rows, ROWS_PER_STATEMENT))
    folded += await foldKeyStubs(tx, await runNamed(tx, 'pivots/find-number-stubs', { rows: chunk }));
  return folded;
}

async function foldKeyStubs(tx: ManagedTransaction, found: readonly Record<string, unknown>[]): Promise<number> {
  if (found.length === 0) return 0;
  const [row] = await runNamed(tx, 'pivots/fold-key-stubs', { rows: found });
  return typeof row?.folded === 'number' ? row.folded : 0;
}
