import { firstOf } from '../../render/first-of.js';
import { escapeMarkup } from '../../render/escape.js';
import { humanDate, humanMoment } from '../../time/human-date.js';
import { groupBy } from '../group.js';
import type { ExportNode, Subgraph } from '../model.js';
import { displayName, isPivot, kindLabel } from '../names.js';
import { colourOf } from '../../render/palette.js';
import { displayValue, stringProp, stringsOf } from '../values.js';
import { NO_CONTROL_REASONS, type NoControlReason, noControlReason } from '../../graph/says-nothing-about-control.js';

/**
 * The case file's tables, as HTML built from the subgraph. Every data string goes through escapeMarkup;
 * nothing else of the data reaches the markup.
 */

/** A table: headers and rows of plain text cells (escaped here); `numeric` columns align right. */
export function table(caption: string, headers: readonly string[], rows: readonly string[][], numeric: readonly number[] = []): string {
  if (rows.length === 0) return `<h2>${escapeMarkup(caption)}</h2><p class="none">None in this subgraph.</p>`;
  const head = headers.map((h) => `<th>${escapeMarkup(h)}</th>`).join('');
  const body = rows
    .map((r) => `<tr>${r.map((c, i) => `<td${numeric.includes(i) ? ' class="num"' : ''}>${escapeMarkup(c)}</td>`).join('')}</tr>`)
    .join('\n');
  return `<h2>${escapeMarkup(caption)} <span class="count">(${rows.length})</span></h2>\n<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/**
 * Seeds and crawls the provenance names before `… and N more`: a crawl of a sector's thousand seeds printed them over
 * pages. Every one is in the JSON export's provenance.
 */
const SEEDS_LISTED = 12;
const CRAWLS_LISTED = 5;

/** Where the data came from: seeds, depth, crawl, time, tool, server (never credentials). */
export function provenanceSection(subgraph: Subgraph): string {
  const p = subgraph.provenance;
  const rows: string[][] = [
    ['State of the graph', p.state],
    ['Seeds', firstOf(p.parameters.seeds, SEEDS_LISTED)],
    ['Depth (as a crawl of the seeds, docs/scope.md)', String(p.parameters.depth)],
    ['Nodes by hop', p.nodesByHop.join(', ')],
    ['Nodes / relationships', `${p.counts.nodes} / ${p.counts.edges}`],
    ['Limits', `--max-nodes ${p.parameters.maxNodes}, --max-edges ${p.parameters.maxEdges}`],
    ['Exported at', humanMoment(p.exportedAt)],
    [
      'Crawls that fetched these records',
      p.crawls.length === 0
        ? 'none recorded (loaded, or fetched before crawls were recorded)'
        : firstOf(
            p.crawls.map(
              (c) =>
                `${c.id} (${c.status ?? 'unknown'}; ${c.records} ${c.records === 1 ? 'record' : 'records'}; started ${c.startedAt ? humanMoment(c.startedAt) : '—'})`,
            ),
            CRAWLS_LISTED,
            '; ',
          ),
    ],
    [
      'Crawl',
      p.crawl
        ? `${p.crawl.id} (${p.crawl.status ?? 'unknown'}; depth ${p.crawl.maxDepth ?? '?'}; ${p.crawl.seeds.length} ${p.crawl.seeds.length === 1 ? 'seed' : 'seeds'}: ${firstOf(p.crawl.seeds, SEEDS_LISTED)})`
        : 'no crawl recorded',
    ],
    [
      'Crawl started / finished',
      p.crawl
        ? `${p.crawl.startedAt ? humanMoment(p.crawl.startedAt) : '—'} / ${p.crawl.finishedAt ? humanMoment(p.crawl.finishedAt) : '—'}`
        : '—',
    ],
    [
      'Source',
      [p.source.address, p.source.agent, p.source.database ? `database ${p.source.database}` : ''].filter(Boolean).join(', ') || '—',
    ],
    ['Tool', `${p.tool.name} ${p.tool.version}`],
  ];
  const body = rows.map(([k, v]) => `<tr><th>${escapeMarkup(k!)}</th><td>${escapeMarkup(v!)}</td></tr>`).join('\n');
  return `<h2>Provenance</h2>\n<table class="kv"><tbody>\n${body}\n</tbody></table>`;
}

/** Entities per kind label, with the legend colour. */
export function kindsSection(subgraph: Subgraph): string {
  const byKind = [...groupBy(subgraph.nodes, kindLabel)].sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : 1));
  const body = byKind
    .map(
      ([kind, nodes]) =>
        `<tr><td><span class="swatch" style="background:${colourOf(kind)}"></span>${escapeMarkup(kind)}</td><td>${isPivot(nodes[0]!) ? 'pivot' : 'record'}</td><td class="num">${nodes.length}</td></tr>`,
    )
    .join('\n');
  return `<h2>Entities per kind</h2>\n<table><thead><tr><th>Kind</th><th>Type</th><th>Count</th></tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** Companies: name, INN, OGRN, status, registration date and place. */
export function companiesSection(subgraph: Subgraph): string {
  const rows = subgraph.nodes
    .filter((n) => n.labels.includes('Company'))
    .map((n) => {
      const p = n.properties;
      const key = stringProp(p, 'key') ?? '';
      return [
        displayName(n),
        stringProp(p, 'inn') ?? (/^\d{10}(\d{2})?$/.test(key) ? key : ''),
        stringProp(p, 'ogrn') ?? (/^\d{13}(\d{2})?$/.test(key) ? key : ''),
        displayValue(p.companyStatus),
        humanDate(displayValue(p.registrationDate)),
        displayValue(p.city),
        displayValue(p.status),
      ];
    })
    .sort(byFirst);
  return table('Companies', ['Company', 'INN', 'OGRN', 'Status', 'Registered', 'City', 'Record'], rows);
}

/** Domains: registrar, creation and expiry dates, IP addresses (DNS, host, IP pivots). */
export function domainsSection(subgraph: Subgraph): string {
  const ipsOf = pivotValuesByNode(subgraph, 'IP');
  const rows = subgraph.nodes
    .filter((n) => n.labels.includes('Domain'))
    .map((n) => {
      const p = n.properties;
      const ips = new Set([...stringsOf(p, 'dnsA'), ...stringsOf(p, 'hostIp'), ...(ipsOf.get(n.elementKey) ?? [])]);
      return [
        displayName(n),
        displayValue(p.registrar),
        humanDate(displayValue(p.createdAt)),
        humanDate(displayValue(p.expiresAt)),
        [...ips].sort().join(', '),
        displayValue(p.status),
      ];
    })
    .sort(byFirst);
  return table('Domains', ['Domain', 'Registrar', 'Created', 'Expires', 'IP addresses', 'Record'], rows);
}

/** Records named per shared pivot; the count says how many share it. */
const SHARERS_LISTED = 12;

/** Pivots (by element key) linked to two or more records of the subgraph, with those records. */
function sharedPivots(subgraph: Subgraph): Map<string, Set<string>> {
  const nodes = new Map(subgraph.nodes.map((n) => [n.elementKey, n]));
  const sharers = new Map<string, Set<string>>();
  for (const e of subgraph.edges) {
    for (const [pivot, other] of [
      [e.to, e.from],
      [e.from, e.to],
    ] as const) {
      const p = nodes.get(pivot);
      const o = nodes.get(other);
      if (p && o && isPivot(p) && !isPivot(o)) sharers.set(pivot, (sharers.get(pivot) ?? new Set()).add(other));
    }
  }
  return new Map([...sharers].filter(([, s]) => s.size >= 2));
}

/** Why a pivot says nothing about control (src/graph/says-nothing-about-control.ts), or null. */
function noControl(node: ExportNode): NoControlReason | null {
  return noControlReason(stringProp(node.properties, 'kind') ?? '', stringProp(node.properties, 'key') ?? '');
}

/**
 * Pivots linked to two or more records of the subgraph that may say something about control (officers, addresses,
 * IPs, name servers that are not public hosting): the ties the service does not list outright.
 */
export function sharedPivotsSection(subgraph: Subgraph): string {
  const nodes = new Map(subgraph.nodes.map((n) => [n.elementKey, n]));
  const rows = [...sharedPivots(subgraph)]
    .filter(([key]) => noControl(nodes.get(key)!) === null)
    .map(([key, s]) => {
      const pivot = nodes.get(key)!;
      const names = [...s]
        .map((k) => nodes.get(k)!)
        .map((n) => `${displayName(n)} (${kindLabel(n)})`)
        .sort();
      // A web server shared by hundreds of sites filled pages of the printed report: the first few name it.
      return [displayName(pivot), kindLabel(pivot), String(s.size), firstOf(names, SHARERS_LISTED, '; ')];
    })
    .sort((a, b) => Number(b[2]) - Number(a[2]) || byFirst(a, b));
  return table('Shared values that may tie records', ['Value', 'Kind', 'Shared by', 'Which'], rows, [2]);
}

/**
 * Shared values that say nothing about control (web technologies such as Cloudflare, jQuery or Tilda, registrars,
 * activity codes, public DNS and mail hosting), listed apart with the reason and how many records share each.
 */
export function noControlPivotsSection(subgraph: Subgraph): string {
  const nodes = new Map(subgraph.nodes.map((n) => [n.elementKey, n]));
  const rows = [...sharedPivots(subgraph)]
    .flatMap(([key, s]) => {
      const pivot = nodes.get(key)!;
      const reason = noControl(pivot);
      return reason === null ? [] : [[displayName(pivot), kindLabel(pivot), String(s.size), NO_CONTROL_REASONS[reason]]];
    })
    .sort((a, b) => Number(b[2]) - Number(a[2]) || byFirst(a, b));
  return table('Shared, but saying nothing about control', ['Value', 'Kind', 'Shared by', 'Why it ties nothing'], rows, [2]);
}

/** For each node, the display values of the pivots with `label` it links to. */
function pivotValuesByNode(subgraph: Subgraph, label: string): Map<string, string[]> {
  const pivots = new Map<string, ExportNode>(subgraph.nodes.filter((n) => n.labels.includes(label)).map((n) => [n.elementKey, n]));
  const out = new Map<string, string[]>();
  for (const e of subgraph.edges) {
    const pivot = pivots.get(e.to);
    if (pivot) out.set(e.from, [...(out.get(e.from) ?? []), displayName(pivot)]);
  }
  return out;
}

function byFirst(a: readonly string[], b: readonly string[]): number {
  return (a[0] ?? '').localeCompare(b[0] ?? '');
}
