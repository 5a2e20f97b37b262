import { terminalText } from '../render/escape.js';
import { type CsvCell, csvForPeople } from '../render/csv.js';
import {
  CHANGE_KINDS,
  isBlockLink,
  pivotRefOf,
  refOf,
  type ChangeKind,
  type ChangeReport,
  type Changes,
  type EdgeChange,
  type FieldValue,
  type HitChange,
  type PivotChange,
  type RecordChange,
} from './model.js';

/**
 * The report's outputs other than HTML: the JSON contract, CSV (one row per change item) and the summary for
 * a terminal (counts, then the most important changes first, one line each). All pure.
 */

/** The --json output: exactly the contract's keys, in its order, one object on one line. */
export function formatJson(report: ChangeReport): string {
  return jsonHead(report) + report.records.map(jsonRecord).join(',') + JSON_TAIL;
}

/**
 * formatJson in pieces, the same bytes: the head (the window and the watch-list hits), each record (a comma between
 * records) and the tail, for a report written a record at a time (a graph's first report lists every record it holds).
 */
export function jsonHead(head: { since: string; until: string; hits: readonly HitChange[] }): string {
  return JSON.stringify({ since: head.since, until: head.until, hits: head.hits.map(hitJson), records: [] }).slice(0, -2);
}

/** A watch-list hit in the contract's key order. */
export function hitJson(h: HitChange) {
  const { record: r, entity: e } = h;
  return {
    change: h.change,
    at: h.at,
    record: { kind: r.kind, id: r.id, key: r.key, name: r.name },
    list: h.list,
    file: h.file,
    listDate: h.listDate,
    entity: { id: e.id, schema: e.schema, caption: e.caption, topics: e.topics, datasets: e.datasets },
    how: h.how,
    property: h.property,
    value: h.value,
    score: h.score,
  };
}

export const JSON_TAIL = ']}\n';

export function jsonRecord(r: RecordChange): string {
  return JSON.stringify({
    kind: r.kind,
    id: r.id,
    key: r.key,
    change: r.change,
    fields: r.fields.map((f) => ({ name: f.name, before: f.before, after: f.after })),
    edgesAdded: r.edgesAdded.map(edgeJson),
    edgesRemoved: r.edgesRemoved.map(edgeJson),
    pivotsAdded: r.pivotsAdded.map(pivotJson),
    pivotsRemoved: r.pivotsRemoved.map(pivotJson),
  });
}

const edgeJson = (e: EdgeChange) => ({ type: e.type, list: e.list, to: { kind: e.to.kind, id: e.to.id } });
const pivotJson = (p: PivotChange) => ({
  type: p.type,
  pivot: { kind: p.pivot.kind, key: p.pivot.key },
  ...(p.role === null ? {} : { role: p.role }),
});

/** Records per change kind, every kind present (zero when none). */
export function countByChange(report: ChangeReport): Record<ChangeKind, number> {
  const counts = Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
  for (const r of report.records) counts[r.change]++;
  return counts;
}

export type ItemKind = 'record' | 'field' | 'edge-added' | 'edge-removed' | 'pivot-added' | 'pivot-removed';

/** One thing that changed: the record's own change, a field, or a link gained or lost. */
export interface ChangeItem {
  record: RecordChange;
  what: ItemKind;
  /** Field name; `TYPE list` of an edge; the relationship type of a pivot or block link, `HAS_OFFICER role` of an officer. */
  name: string;
  before: FieldValue;
  after: FieldValue;
  /** The link's target: `kind#id` of a record, `kind:key` of a pivot or of a record named in a block. */
  target: string;
  /** The target's title or value, when known. */
  targetTitle: string;
}

/** Every item of the report, record by record in report order: the record itself, fields, edges, pivots. */
export function changeItems(changes: Changes): ChangeItem[] {
  return [...eachChangeItem(changes)];
}

/** changeItems one at a time: a report of a graph's first crawl has an item per link of every record. */
export function* eachChangeItem(changes: Changes): Generator<ChangeItem> {
  const base = { name: '', before: null, after: null, target: '', targetTitle: '' };
  for (const record of changes.report.records) {
    yield { ...base, record, what: 'record' };
    for (const f of record.fields) yield { ...base, record, what: 'field', name: f.name, before: f.before, after: f.after };
    const edge = (what: ItemKind) => (e: EdgeChange) => {
      const target = `${e.to.kind}#${e.to.id ?? ''}`;
      return { ...base, record, what, name: `${e.type} ${e.list}`, target, targetTitle: changes.titles.get(target) ?? '' };
    };
    const pivot = (what: ItemKind) => (p: PivotChange) => {
      const target = `${p.pivot.kind}:${p.pivot.key ?? ''}`;
      const name = p.role === null ? p.type : `${p.type} ${p.role}`;
      return { ...base, record, what, name, target, targetTitle: changes.titles.get(pivotRefOf(p)) ?? '' };
    };
    yield* record.edgesAdded.map(edge('edge-added'));
    yield* record.edgesRemoved.map(edge('edge-removed'));
    yield* record.pivotsAdded.map(pivot('pivot-added'));
    yield* record.pivotsRemoved.map(pivot('pivot-removed'));
  }
}

export const CSV_COLUMNS = ['kind', 'id', 'key', 'title', 'change', 'what', 'name', 'before', 'after', 'target', 'target_title'] as const;

/**
 * CSV for people (render/csv.ts): a header, then a row per watch-list hit new (`change` new) or retired (`retired`) in
 * the window (`what` hit, `name` the list, `after` or `before` what matched, `target` the list entity), then one row
 * per change item. Lists as JSON arrays, absent values empty.
 */
export function formatCsv(changes: Changes): string {
  const rows: CsvCell[][] = changes.report.hits.map((h) => {
    const matched = `${h.property} ${h.value}`;
    const r = h.record;
    const [before, after] = h.change === 'new' ? ['', matched] : [matched, ''];
    return [
      r.kind,
      r.id === null ? '' : String(r.id),
      r.key,
      r.name ?? '',
      h.change,
      'hit',
      h.list,
      before,
      after,
      `entity:${h.entity.id}`,
      h.entity.caption,
    ];
  });
  for (const item of eachChangeItem(changes)) {
    const r = item.record;
    const cells = [
      r.kind,
      r.id === null ? '' : String(r.id),
      r.key ?? '',
      changes.titles.get(refOf(r)) ?? '',
      r.change,
      item.what,
      item.name,
      csvValue(item.before),
      csvValue(item.after),
      item.target,
      item.targetTitle,
    ];
    rows.push(cells);
  }
  return csvForPeople(CSV_COLUMNS, rows);
}

function csvValue(value: FieldValue): string {
  if (value === null) return '';
  return Array.isArray(value) ? JSON.stringify(value) : String(value);
}

/**
 * How much an item matters to an investigator, lower first: new companies, officers gained, records gone,
 * links lost, links gained, records back, other new records, field changes (title first). The links of
 * new, gone and back records are counted on the record's line instead of listed (officers of new
 * companies excepted).
 */
export function importance(item: ChangeItem): number | undefined {
  const { record, what } = item;
  const whole = record.change !== 'changed';
  switch (what) {
    case 'record':
      if (record.change === 'new') return record.kind === 'company' ? 0 : 6;
      if (record.change === 'gone') return 2;
      if (record.change === 'back') return 5;
      return undefined;
    case 'pivot-added':
      if (isOfficer(item) && record.change !== 'gone') return 1;
      return whole ? undefined : 4;
    case 'edge-added':
      return whole ? undefined : 4;
    case 'edge-removed':
    case 'pivot-removed':
      return whole ? undefined : 3;
    case 'field':
      return item.name === 'title' ? 7 : 8;
  }
}

export interface SummaryOptions {
  /** Most change lines shown (default 60); the rest are counted. */
  maxLines?: number;
}

/** The summary for a terminal: a heading with counts, then one line per important change, most important first. */
export function formatSummary(changes: Changes, options: SummaryOptions = {}): string {
  const { report } = changes;
  const counts = countByChange(report);
  const n = report.records.length;
  if (n === 0 && report.hits.length === 0) return `No changes from ${report.since} to ${report.until}.\n`;
  const heading = `Changes from ${report.since} to ${report.until}: ${n} ${n === 1 ? 'record' : 'records'} (${CHANGE_KINDS.map((k) => `${k} ${counts[k]}`).join(', ')})${hitsHeading(report.hits)}`;
  // Only the items shown are kept: most of a large report's items are the links of new records, counted instead.
  const ranked: { item: ChangeItem; order: number; rank: number }[] = [];
  let order = 0;
  for (const item of eachChangeItem(changes)) {
    const rank = importance(item);
    if (rank !== undefined) ranked.push({ item, order, rank });
    order++;
  }
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  const max = options.maxLines ?? 60;
  // Watch-list hits first: being put on a list is the most severe news a report can bring.
  const all = [...report.hits.map(hitLine), ...ranked.map(({ item }) => summaryLine(changes, item))];
  const lines = all.slice(0, max);
  if (all.length > max) lines.push(`… ${all.length - max} more (--json, --csv or --html --out FILE list everything)`);
  return `${heading}\n${lines.join('\n')}\n`;
}

/** `; watch lists: 2 new hits, 1 retired`, or nothing when the window holds no hit. */
function hitsHeading(hits: readonly HitChange[]): string {
  if (hits.length === 0) return '';
  const fresh = hits.filter((h) => h.change === 'new').length;
  return `; watch lists: ${plural(fresh, 'new hit')}, ${hits.length - fresh} retired`;
}

/**
 * `! new on list watch: company 6160686100 "НКО …" (company#2): listed as "Standart Treid NKO" (ws-inn-standarttreid)
 * [sanction], by innCode 6160686100, score 1`; a retired hit `- off list watch: … was listed as …`.
 */
export function hitLine(h: HitChange): string {
  const r = h.record;
  const who = `${r.kind} ${terminalText(r.key)}${r.name !== null && r.name !== r.key ? ` ${quote(r.name)}` : ''}${r.id !== null ? ` (${r.kind}#${r.id})` : ''}`;
  const topics = h.entity.topics.length === 0 ? '' : ` [${h.entity.topics.map(terminalText).join(', ')}]`;
  const how = h.property === 'name' ? `name ${quote(h.value)}` : `${terminalText(h.property)} ${terminalText(h.value)}`;
  const entity = `${quote(h.entity.caption)} (${terminalText(h.entity.id)})${topics}, by ${how}, score ${h.score}`;
  return h.change === 'new'
    ? `! new on list ${terminalText(h.list)}: ${who}: listed as ${entity}`
    : `- off list ${terminalText(h.list)}: ${who}: was listed as ${entity}`;
}

/** Whether the item is an officer's role gained or lost (HAS_OFFICER, one link per role). */
export function isOfficer(item: ChangeItem): boolean {
  return item.name === 'HAS_OFFICER' || item.name.startsWith('HAS_OFFICER ');
}

/** `officer (manager)`, or `officer` for a link older than roles per link. */
function officerText(item: ChangeItem): string {
  const role = item.name.slice('HAS_OFFICER '.length);
  return role ? `officer (${terminalText(role)})` : 'officer';
}

/** One summary line. Every data string is made inert for a terminal (see terminalText). */
export function summaryLine(changes: Changes, item: ChangeItem): string {
  const r = item.record;
  const who = recordLabel(changes, r);
  const links = r.edgesAdded.length + r.pivotsAdded.length;
  const target = () => {
    const title =
      item.targetTitle && item.targetTitle !== item.target.split(/[:#]/).slice(1).join(':') ? ` ${quote(item.targetTitle)}` : '';
    return `${terminalText(item.target)}${title}`;
  };
  switch (item.what) {
    case 'record':
      if (r.change === 'new') return `+ new ${who}${links > 0 ? `: ${plural(links, 'link')}` : ''}`;
      if (r.change === 'gone') return `- gone ${who} (it had ${plural(r.edgesRemoved.length + r.pivotsRemoved.length, 'link')})`;
      return `↺ back ${who}${links > 0 ? `: ${plural(links, 'link')}` : ''}`;
    case 'pivot-added':
      if (isOfficer(item)) return `+ ${officerText(item)} of ${who}: ${target()}`;
      return `+ gained ${isBlockLink(item.name) ? 'block link' : 'pivot'} ${who} -${item.name}-> ${target()}`;
    case 'pivot-removed':
      if (isOfficer(item)) return `- no longer ${officerText(item)} of ${who}: ${target()}`;
      return `- lost ${isBlockLink(item.name) ? 'block link' : 'pivot'} ${who} -${item.name}-> ${target()}`;
    case 'edge-added':
      return `+ gained link ${who} -${item.name}-> ${target()}`;
    case 'edge-removed':
      return `- lost link ${who} -${item.name}-> ${target()}`;
    case 'field':
      return `~ ${who}: ${terminalText(item.name)} ${valueText(item.before)} → ${valueText(item.after)}`;
  }
}

/** `company 7707083893 "Title" (company#42)`: the key (else the page number), the title when it says more. */
export function recordLabel(changes: Changes, r: RecordChange): string {
  const title = changes.titles.get(refOf(r));
  const name = r.key ?? (r.id !== null ? `#${r.id}` : '?');
  const titled = title !== undefined && title.toLowerCase() !== (r.key ?? '').toLowerCase() ? ` ${quote(title)}` : '';
  return `${r.kind} ${terminalText(name)}${titled}${r.key !== null && r.id !== null ? ` (${r.kind}#${r.id})` : ''}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function valueText(value: FieldValue): string {
  if (value === null) return '(none)';
  if (Array.isArray(value)) return `[${value.map((v) => (typeof v === 'string' ? quote(v) : String(v))).join(', ')}]`;
  return typeof value === 'string' ? quote(value) : String(value);
}

/** A data string in double quotes, made inert for a terminal, at most 80 characters. */
function quote(text: string): string {
  const cut = [...text].length > 80 ? `${[...text].slice(0, 79).join('')}…` : text;
  return `"${terminalText(cut)}"`;
}

export { terminalText };
