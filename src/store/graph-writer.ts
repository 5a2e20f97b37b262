import type { ManagedTransaction } from 'neo4j-driver';
import type { EdgeRow, GraphBatch, NodeRow } from '../graph/model.js';
import { chunks, ROWS_PER_STATEMENT } from './chunks.js';
import { addElementIds, findLandingIds, landingRef, type ElementIds } from './element-ids.js';
import { runNamed } from './executor.js';
import { COMPARED_FIELDS, isValidFetch, propsReplacing, versionRow } from './history-rows.js';
import { inLockOrder } from './lock-order.js';
import { LIST_RELATIONS, requireKnownTypes } from './relation-types.js';

export interface WriteCounts {
  nodes: number;
  edges: number;
  /** Stored answers kept as RecordVersion nodes because a fetch brought a different one. */
  versions: number;
  /** Element ids of the valid fetched records written: whose unseen links cypher/history/retire-unseen.cypher retires. */
  refetchable: string[];
  /** Element ids of the Landing nodes written by page number (landingRef), for later statements of this transaction. */
  landingIds: ElementIds;
  /** Rows whose key another node already held: left with `keyConflict` for adoptKeyStubs (pivot-writer). */
  keyConflicts: number;
}

/**
 * Write mapped batches inside the caller's transaction: versions of records whose answer changed
 * (history), nodes (by page number, else by key), then edges. The caller retires the links its valid
 * fetches no longer have once their pivots are written too (retireUnseen).
 * Batches are merged first, so a node listed by many records is sent once per call; a fetched row wins
 * over a stub row of the same node.
 */
export async function writeGraph(tx: ManagedTransaction, batches: readonly GraphBatch[], nowIso: string): Promise<WriteCounts> {
  const merged = mergeBatches(batches);
  requireKnownTypes(merged.edges, LIST_RELATIONS, 'upsert-edges');
  // Which nodes exist (a read: its seeks take no lock), and which of the fetched ones hold an answer already.
  const landingIds: ElementIds = new Map();
  const refs = merged.byId.map((row) => ({ kind: row.kind, id: row.id as number, answer: row.status === 'fetched' }));
  const answered = await findLandingIds(tx, refs, landingIds);
  const nodeOf = (row: NodeRow) => landingIds.get(landingRef(row.kind, row.id as number)) ?? null;
  const fetchedById = merged.byId.filter((row) => row.status === 'fetched');
  const compared = fetchedById.flatMap((row) => {
    const node = nodeOf(row);
    return node !== null && answered.has(node) ? [{ ...versionRow(row), node }] : [];
  });
  let versions = 0;
  for (const rows of chunks(compared, ROWS_PER_STATEMENT)) {
    const [row] = await runNamed(tx, 'history/keep-versions', { rows, fields: COMPARED_FIELDS, now: nowIso });
    versions += Number(row?.versions ?? 0);
  }
  const byId = merged.byId.map((row) => ({ ...row, props: propsReplacing(row), node: nodeOf(row) }));
  const byKey = merged.byKey.map((row) => ({ ...row, props: propsReplacing(row) }));
  const { edges } = merged;
  let keyConflicts = 0;
  for (const rows of chunks(byId, ROWS_PER_STATEMENT)) {
    const [row] = await runNamed(tx, 'upsert-nodes-by-id', { rows, now: nowIso });
    addElementIds(landingIds, row?.nodes, landingRef);
    keyConflicts += Number(row?.conflicts ?? 0);
  }
  for (const rows of chunks(byKey, ROWS_PER_STATEMENT)) await runNamed(tx, 'upsert-nodes-by-key', { rows, now: nowIso });
  // Both ends are normally rows written above; an end written before (by another call) is looked up, and an
  // edge whose end does not exist is left out, as a MATCH would.
  await findLandingIds(
    tx,
    edges.flatMap((e) => [
      { kind: e.fromKind, id: e.fromId },
      { kind: e.toKind, id: e.toId },
    ]),
    landingIds,
  );
  const edgeRows = edges.flatMap(({ type, list, fromKind, fromId, toKind, toId }) => {
    const from = landingIds.get(landingRef(fromKind, fromId));
    const to = landingIds.get(landingRef(toKind, toId));
    return from && to ? [{ type, list, from, to }] : [];
  });
  for (const rows of chunks(edgeRows, ROWS_PER_STATEMENT * 4)) await runNamed(tx, 'upsert-edges', { rows, now: nowIso });
  const refetchable = fetchedById.filter(isValidFetch).flatMap((row) => nodeOf(row) ?? []);
  return { nodes: byId.length + byKey.length, edges: edges.length, keyConflicts, versions, refetchable, landingIds };
}

/**
 * History: the list entries, pivot links and block links of these records (element ids: writeGraph's
 * `refetchable`) that their latest fetch (at `nowIso`, in this transaction) did not write again get
 * `removedAt`. Run after writeGraph and writePivots, in the same transaction.
 */
export async function retireUnseen(tx: ManagedTransaction, records: readonly string[], nowIso: string): Promise<number> {
  let removed = 0;
  for (const rows of chunks(records, ROWS_PER_STATEMENT)) {
    const [row] = await runNamed(tx, 'history/retire-unseen', { records: rows, now: nowIso });
    removed += Number(row?.removed ?? 0);
  }
  return removed;
}

const RANK = { fetched: 3, missing: 2, failed: 2, stub: 1 } as const;

export function mergeBatches(batches: readonly GraphBatch[]): { byId: NodeRow[]; byKey: NodeRow[]; edges: EdgeRow[] } {
  const nodes = new Map<string, NodeRow>();
  const edges = new Map<string, EdgeRow>();
  for (const batch of batches) {
    for (const node of batch.nodes) {
      const id = node.id !== null ? `${node.kind}#${node.id}` : `${node.kind}:${node.key}`;
      const known = nodes.get(id);
      // The stronger row wins, but a key only the weaker one knows is kept: a record whose answer lacks its
      // INN gets the key its listers give, whichever of them the same commit writes first.
      if (!known) nodes.set(id, node);
      else if (RANK[node.status] > RANK[known.status])
        nodes.set(id, node.key === null && known.key !== null ? { ...node, key: known.key } : node);
      else if (known.key === null && node.key !== null) nodes.set(id, { ...known, key: node.key });
    }
    for (const edge of batch.edges) {
      edges.set(`${edge.type}|${edge.list}|${edge.fromKind}#${edge.fromId}|${edge.toKind}#${edge.toId}`, edge);
    }
  }
  const byId: NodeRow[] = [];
  const byKey: NodeRow[] = [];
  for (const node of nodes.values()) {
    if (node.id !== null) byId.push(node);
    else if (node.key !== null) byKey.push(node);
  }
  return {
    byId: inLockOrder(byId, (node) => node.id as number),
    byKey: inLockOrder(byKey, (node) => node.key as string),
    edges: [...edges.values()],
  };
}
