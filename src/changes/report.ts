import {
  LIST_EDGE_TYPES,
  refOf,
  type ChangeKind,
  type Changes,
  type EdgeChange,
  type FieldChange,
  type FieldValue,
  type HitChange,
  type LinkRow,
  type PivotChange,
  type RecordChange,
  type RecordRow,
} from './model.js';

/** The report's window: changes after `since` and up to `until` inclusive, epoch milliseconds. */
export interface ChangeWindow {
  since: number;
  until: number;
}

/**
 * The pure core of `landing-graph changes`: rows read from the graph's history (read.ts) become the report.
 * Nothing here touches Neo4j or the clock, so every rule is tested on hand-written rows.
 *
 * The report compares two states of each record, the one at `since` and the one at `until` (net changes:
 * whatever happened in between and was undone is not reported).
 * - A record is *served* at T when it had been fetched by then (firstFetchedAt <= T) and was not gone at T
 *   (goneAt <= T without a later backAt <= T). Only the latest goneAt and backAt are kept in the graph, so a
 *   record gone and back several times is judged by its latest pair.
 * - What a record *states* at T: its relationships that existed at T (firstSeenAt <= T and as many of its
 *   removals as of its returns <= T) when it was served at T; nothing when it was not. Edges and pivots
 *   added are those it states at `until` and not at `since`; removed the reverse. So a new record has all
 *   its links added, a gone one all the links it had at `since` removed, a record back from a 404 before
 *   `since` all its links added.
 * - A record's fields at T are the first version superseded after T, else the node as it is now; `fields`
 *   lists the compared properties (title, href, provider, analyst properties) whose values at `since` and
 *   `until` differ. Empty for new and gone records (everything is new; a gone record keeps its data).
 *
 * One change per record, by precedence: `gone` (goneAt in the window and still gone at `until`) > `back`
 * (backAt in the window) > `new` (firstFetchedAt in the window) > `changed` (served at both ends, with a
 * field, edge or pivot that differs). Records with nothing to report are left out. Records are sorted by
 * kind then page number (then key); every array is sorted too, so the same graph gives the same bytes.
 */
export function buildChanges(rows: readonly RecordRow[], window: ChangeWindow, hits: readonly HitChange[] = []): Changes {
  const builder = changesBuilder(window, hits);
  for (const row of rows) builder.add(row);
  return builder.finish();
}

/**
 * buildChanges one row at a time: each row is reduced to its change and the titles it names as it arrives, so a
 * reader can drop the row (its versions and links) at once and hold only the report. `hits`: the watch-list hits of
 * the window (hits.ts), already in order.
 */
export function changesBuilder(window: ChangeWindow, hits: readonly HitChange[] = []): { add(row: RecordRow): void; finish(): Changes } {
  const titles = new Map<string, string>();
  const records: RecordChange[] = [];
  return {
    add(row) {
      const record = recordChange(row, window);
      if (!record) return;
      records.push(record);
      const title = row.current.title ?? latestVersionTitle(row);
      if (typeof title === 'string') titles.set(refOf(row), title);
      for (const link of row.links) {
        if (link.target.title === null) continue;
        const t = link.target;
        titles.set(t.landing ? refOf(t) : `pivot:${t.kind}:${t.key ?? ''}`, t.title!);
        if (t.landing && t.key !== null && t.id !== null) titles.set(`${t.kind}:${t.key}`, t.title!);
      }
    },
    finish() {
      records.sort(compareRecords);
      return {
        report: { since: new Date(window.since).toISOString(), until: new Date(window.until).toISOString(), hits: [...hits], records },
        titles,
      };
    },
  };
}

/**
 * The report's records one at a time, in its order, from rows that come sorted by kind then page number (as
 * cypher/changes/records.cypher returns them): only the records of one kind and page number wait, to be ordered
 * by key. Rows out of that order are an error, never a report in another order.
 */
export function changesInOrder(
  window: ChangeWindow,
  emit: (record: RecordChange) => void | Promise<void>,
): { add(row: RecordRow): Promise<void>; end(): Promise<void> } {
  let waiting: RecordChange[] = [];
  let last: { kind: string; id: number | null } | undefined;
  const flush = async () => {
    waiting.sort(compareRecords);
    for (const record of waiting) await emit(record);
    waiting = [];
  };
  return {
    async add(row) {
      if (last !== undefined && (last.kind !== row.kind || last.id !== row.id)) {
        if (compareText(last.kind, row.kind) > 0 || (last.kind === row.kind && compareIds(last.id, row.id) > 0)) {
          throw new Error(`change rows out of order: ${refOf(row)} after ${refOf(last)}`);
        }
        await flush();
      }
      last = { kind: row.kind, id: row.id };
      const record = recordChange(row, window);
      if (record) waiting.push(record);
    },
    end: flush,
  };
}

/** The change of one record in the window, or undefined when there is nothing to report. */
export function recordChange(row: RecordRow, window: ChangeWindow): RecordChange | undefined {
  const change = changeKind(row, window);
  const { since, until } = window;
  const before = statedLinks(row, since);
  const after = statedLinks(row, until);
  const added = [...after.values()].filter((l) => !before.has(linkKey(l)));
  const removed = [...before.values()].filter((l) => !after.has(linkKey(l)));
  const fields = change === 'new' || change === 'gone' ? [] : fieldChanges(fieldsAt(row, since), fieldsAt(row, until));
  const record: RecordChange = {
    kind: row.kind,
    id: row.id,
    key: row.key,
    change: change ?? 'changed',
    fields,
    edgesAdded: edgesOf(added),
    edgesRemoved: edgesOf(removed),
    pivotsAdded: pivotsOf(added),
    pivotsRemoved: pivotsOf(removed),
  };
  if (change !== undefined) return record;
  const differs = fields.length + added.length + removed.length > 0;
  return differs && servedAt(row, since) && servedAt(row, until) ? record : undefined;
}

/** gone > back > new; undefined: not one of those (the record may still have `changed`). */
export function changeKind(row: RecordRow, { since, until }: ChangeWindow): Exclude<ChangeKind, 'changed'> | undefined {
  const inWindow = (t: number | null): t is number => t !== null && t > since && t <= until;
  if (inWindow(row.goneAt) && missingAt(row, until)) return 'gone';
  if (inWindow(row.backAt)) return 'back';
  if (inWindow(row.firstFetchedAt)) return 'new';
  return undefined;
}

/** Whether the record had been fetched by `t` and was not gone at `t`. */
export function servedAt(row: RecordRow, t: number): boolean {
  return row.firstFetchedAt !== null && row.firstFetchedAt <= t && !missingAt(row, t);
}

/** Whether the record was gone (answering 404 after a fetch) at `t`, judged by its latest goneAt and backAt. */
function missingAt(row: RecordRow, t: number): boolean {
  if (row.goneAt === null || row.goneAt > t) return false;
  return !(row.backAt !== null && row.backAt > row.goneAt && row.backAt <= t);
}

/** Whether a relationship (a record's link, a watch-list hit) existed at `t` (docs/history.md). */
export function linkExistedAt(link: Pick<LinkRow, 'firstSeenAt' | 'removals' | 'returns'>, t: number): boolean {
  if (link.firstSeenAt !== null && link.firstSeenAt > t) return false;
  const upTo = (times: readonly number[]) => times.filter((x) => x <= t).length;
  return upTo(link.removals) === upTo(link.returns);
}

/** The links a record stated at `t`, by identity: none when it was not served then. */
function statedLinks(row: RecordRow, t: number): Map<string, LinkRow> {
  const out = new Map<string, LinkRow>();
  if (!servedAt(row, t)) return out;
  for (const link of row.links) if (linkExistedAt(link, t)) out.set(linkKey(link), link);
  return out;
}

/** One relationship per (type, list, role) between two nodes: that is its identity. */
function linkKey(link: LinkRow): string {
  const t = link.target;
  return JSON.stringify([
    link.type,
    link.list ?? '',
    link.role ?? '',
    t.landing,
    t.kind,
    t.landing && t.id !== null ? t.id : (t.key ?? ''),
  ]);
}

const isListEdge = (link: LinkRow) => (LIST_EDGE_TYPES as readonly string[]).includes(link.type);

function edgesOf(links: readonly LinkRow[]): EdgeChange[] {
  return links
    .filter(isListEdge)
    .map((l) => ({ type: l.type, list: l.list ?? '', to: { kind: l.target.kind, id: l.target.id } }))
    .sort(compareEdges);
}

function pivotsOf(links: readonly LinkRow[]): PivotChange[] {
  return links
    .filter((l) => !isListEdge(l))
    .map((l) => ({ type: l.type, pivot: { kind: l.target.kind, key: l.target.key }, role: l.role }))
    .sort(comparePivots);
}

/** The compared fields at `t`: the first version superseded after `t` holds them, else the node now. */
export function fieldsAt(row: RecordRow, t: number): Record<string, FieldValue> {
  let first: { supersededAt: number; values: Record<string, FieldValue> } | undefined;
  for (const v of row.versions) if (v.supersededAt > t && (first === undefined || v.supersededAt < first.supersededAt)) first = v;
  return first?.values ?? row.current;
}

function fieldChanges(before: Record<string, FieldValue>, after: Record<string, FieldValue>): FieldChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(compareText);
  const out: FieldChange[] = [];
  for (const name of names) {
    const b = before[name] ?? null;
    const a = after[name] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push({ name, before: b, after: a });
  }
  return out;
}

function latestVersionTitle(row: RecordRow): FieldValue {
  let latest: { supersededAt: number; values: Record<string, FieldValue> } | undefined;
  for (const v of row.versions) if (latest === undefined || v.supersededAt > latest.supersededAt) latest = v;
  return latest?.values.title ?? null;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Page numbers ascending, records without one last. */
function compareIds(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

export function compareRecords(a: RecordChange, b: RecordChange): number {
  return compareText(a.kind, b.kind) || compareIds(a.id, b.id) || compareText(a.key ?? '', b.key ?? '');
}

function compareEdges(a: EdgeChange, b: EdgeChange): number {
  return compareText(a.type, b.type) || compareText(a.list, b.list) || compareText(a.to.kind, b.to.kind) || compareIds(a.to.id, b.to.id);
}

function comparePivots(a: PivotChange, b: PivotChange): number {
  return (
    compareText(a.type, b.type) ||
    compareText(a.pivot.kind, b.pivot.kind) ||
    compareText(a.pivot.key ?? '', b.pivot.key ?? '') ||
    compareText(a.role ?? '', b.role ?? '')
  );
}
