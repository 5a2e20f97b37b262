import { offlineHead } from '../render/html-head.js';
import { escapeMarkup } from '../render/escape.js';
import { captionedTable, shown } from '../render/html-kit.js';
import { toolInfo } from '../render/provenance.js';
import { reportCss } from '../render/assets.js';
import { humanDate, humanMoment } from '../time/human-date.js';
import { changeItems, countByChange, isOfficer, type ChangeItem } from './format.js';
import { CHANGE_KINDS, refOf, type Changes, type FieldValue, type HitChange, type HitChangeKind, type RecordChange } from './model.js';

/** What the page says about how it was made (never credentials). */
export interface HtmlContext {
  /** `domain:example.com, company#7` or empty for the whole graph. */
  seeds: readonly string[];
  depth: number;
  /** The --since the user gave (a crawl id, a duration or a date-time), for the reader. */
  sinceGiven: string;
  madeAt: string;
}

/**
 * The change report as one offline HTML page in the style of the export's case file (its stylesheet and
 * escaping): the window, counts per change, then the watch-list hits new and retired, new companies and other records, records gone and back,
 * officers gained and lost, links lost and gained, and field changes, each a table. No script at all: the
 * Content-Security-Policy allows inline styles only, no scripts and no connections; every data string
 * goes through escapeMarkup.
 */
export function renderChangesHtml(changes: Changes, context: HtmlContext): string {
  const { report } = changes;
  const counts = countByChange(report);
  const tool = toolInfo();
  const csp = ["default-src 'none'", "style-src 'unsafe-inline'", 'img-src data:', "base-uri 'none'", "form-action 'none'"].join('; ');
  const title = `Changes ${humanMoment(report.since)} → ${humanMoment(report.until)}`;
  const scope =
    context.seeds.length > 0 ? `the records a crawl of ${context.seeds.join(', ')} to depth ${context.depth} fetches` : 'the whole graph';
  const items = changeItems(changes);
  const records = report.records;
  const name = (r: RecordChange) => changes.titles.get(refOf(r)) ?? '';
  const label = (r: RecordChange) => `${r.kind} ${r.key ?? `#${r.id ?? '?'}`}`;
  const ref = (r: RecordChange) => (r.id !== null ? `${r.kind}#${r.id}` : '');
  const linkCount = (r: RecordChange, removed: boolean) =>
    String(removed ? r.edgesRemoved.length + r.pivotsRemoved.length : r.edgesAdded.length + r.pivotsAdded.length);
  const recordRows = (change: string, removed: boolean) =>
    records.filter((r) => r.change === change).map((r) => [label(r), name(r), ref(r), linkCount(r, removed)]);
  const byKindFirst = (rows: string[][]) =>
    rows.sort((a, b) => Number(!a[0]!.startsWith('company ')) - Number(!b[0]!.startsWith('company ')));
  const itemRows = (filter: (i: ChangeItem) => boolean) =>
    items.filter(filter).map((i) => [label(i.record), name(i.record), i.name, i.target, i.targetTitle]);
  // An officer's row names the role (HAS_OFFICER is one link per role), not the relationship type.
  const officerRows = (filter: (i: ChangeItem) => boolean) =>
    items.filter(filter).map((i) => [label(i.record), name(i.record), roleOf(i.name), i.target, i.targetTitle]);
  const partOfChange = (i: ChangeItem) => i.record.change === 'changed' || i.record.change === 'back';
  const kvRows: [string, string][] = [
    // The exact moments beside the reader's dates: a window of seconds (between two crawls) reads the same to the minute.
    [
      'Since',
      `${humanMoment(report.since)} (${report.since}${context.sinceGiven !== report.since ? `; --since ${context.sinceGiven}` : ''})`,
    ],
    ['Until', `${humanMoment(report.until)} (${report.until})`],
    ['Scope', scope],
    ['Made at', humanMoment(context.madeAt)],
    ['Tool', `${tool.name} ${tool.version}`],
    ['Rules', 'net changes between the two moments; one change per record: gone > back > new > changed'],
  ];
  const hitRows = (change: HitChangeKind) =>
    report.hits
      .filter((h) => h.change === change)
      .map((h) => [
        `${h.record.kind} ${h.record.key}`,
        h.record.name ?? '',
        h.list,
        `${h.entity.caption} (${h.entity.id})`,
        h.entity.topics.join(', '),
        h.property === 'name' ? `name “${h.value}”` : `${h.property} ${h.value}`,
        String(h.score),
        humanMoment(h.at),
      ]);
  const hitHeaders = ['Record', 'Name', 'List', 'List entity', 'Topics', 'Matched by', 'Score', 'When'];
  const sections = [
    // Watch-list hits first: being put on a list is the most severe news a report can bring.
    table('New on a watch list', hitHeaders, hitRows('new'), 'alert', [6]),
    table('Off a watch list', hitHeaders, hitRows('retired'), 'add', [6]),
    table('New records', ['Record', 'Title', 'Page', 'Links'], byKindFirst(recordRows('new', false)), 'add', [3]),
    table('Records gone (now 404)', ['Record', 'Title', 'Page', 'Links it had'], recordRows('gone', true), 'del', [3]),
    table('Records back', ['Record', 'Title', 'Page', 'Links'], recordRows('back', false), 'add', [3]),
    table(
      'Officers gained',
      ['Company', 'Title', 'Role', 'Officer', 'Name'],
      officerRows((i) => i.what === 'pivot-added' && isOfficer(i) && i.record.change !== 'gone'),
      'add',
    ),
    table(
      'Officers lost',
      ['Company', 'Title', 'Role', 'Officer', 'Name'],
      officerRows((i) => i.what === 'pivot-removed' && isOfficer(i) && partOfChange(i)),
      'del',
    ),
    table(
      'Links lost',
      ['Record', 'Title', 'Relationship', 'Target', 'Target title'],
      itemRows((i) => (i.what === 'edge-removed' || (i.what === 'pivot-removed' && !isOfficer(i))) && partOfChange(i)),
      'del',
    ),
    table(
      'Links gained',
      ['Record', 'Title', 'Relationship', 'Target', 'Target title'],
      itemRows((i) => (i.what === 'edge-added' || (i.what === 'pivot-added' && !isOfficer(i))) && partOfChange(i)),
      'add',
    ),
    table(
      'Field changes',
      ['Record', 'Title', 'Field', 'Before', 'After'],
      items.filter((i) => i.what === 'field').map((i) => [label(i.record), name(i.record), i.name, ...beforeAfter(i.before, i.after)]),
      'mod',
    ),
  ];
  const countRows = CHANGE_KINDS.map(
    (k) => `<tr><td><span class="swatch" style="background:${CHANGE_COLOURS[k]}"></span>${k}</td><td class="num">${counts[k]}</td></tr>`,
  ).join('\n');
  const kv = kvRows.map(([k, v]) => `<tr><th>${escapeMarkup(k)}</th><td>${escapeMarkup(shown(v))}</td></tr>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
${offlineHead(title, csp, reportCss() + CHANGES_CSS)}
<body>
<header><h1>${escapeMarkup(title)}</h1><p>${escapeMarkup(shown(`${hitsText(report.hits)}${records.length} ${records.length === 1 ? 'record' : 'records'} changed in ${scope} · ${CHANGE_KINDS.map((k) => `${k} ${counts[k]}`).join(' · ')}`))}</p></header>
<main>
<div class="top"><section><h2>Window</h2>
<table class="kv"><tbody>
${kv}
</tbody></table></section><section><h2>Records per change</h2>
<table id="counts"><thead><tr><th>Change</th><th>Records</th></tr></thead><tbody>
${countRows}
</tbody></table></section></div>
${sections.join('\n')}
</main>
</body>
</html>
`;
}

/** A table of the report: its rows coloured by `rowClass`, a note when the window holds none. */
function table(
  caption: string,
  headers: readonly string[],
  rows: readonly string[][],
  rowClass: string,
  numeric: readonly number[] = [],
): string {
  return captionedTable(caption, headers, rows, { rowClass, numeric, empty: 'None in this window.' });
}

/** `2 new watch-list hits, 1 off a list · `, or nothing. */
function hitsText(hits: readonly HitChange[]): string {
  if (hits.length === 0) return '';
  const fresh = hits.filter((h) => h.change === 'new').length;
  return `${fresh} new watch-list ${fresh === 1 ? 'hit' : 'hits'}, ${hits.length - fresh} off a list · `;
}

const CHANGE_COLOURS: Record<string, string> = { new: '#009E73', changed: '#E69F00', gone: '#D55E00', back: '#0072B2' };

const CHANGES_CSS = `
tr.add td:first-child { border-left: 4px solid #009E73; }
tr.del td:first-child { border-left: 4px solid #D55E00; }
tr.alert td:first-child { border-left: 6px solid #B00020; }
tr.alert td { background: #fdecee; font-weight: 600; }
tr.mod td:first-child { border-left: 4px solid #E69F00; }
tr.del td { background: #fff6f3; }
tr.add td { background: #f4fbf8; }
`;

/**
 * A field's two values as the reader writes them: dates (a registration date) as `8 Dec 2000`, any other text as it
 * is. Values that differ only below what a reader's date shows (seconds, a zone, a date stored as midnight) are
 * shown exactly, or the row would say nothing changed.
 */
function beforeAfter(before: FieldValue, after: FieldValue): [string, string] {
  const shown: [string, string] = [valueText(before, humanDate), valueText(after, humanDate)];
  return shown[0] === shown[1] ? [valueText(before, String), valueText(after, String)] : shown;
}

function valueText(value: FieldValue, text: (value: string) => string): string {
  if (value === null) return '—';
  return Array.isArray(value) ? value.map((v) => text(String(v))).join(', ') : text(String(value));
}

/** `manager` of `HAS_OFFICER manager`; a link older than roles per link shows as `officer`. */
function roleOf(itemName: string): string {
  return itemName.replace(/^HAS_OFFICER ?/, '') || 'officer';
}
