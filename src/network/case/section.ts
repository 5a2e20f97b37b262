import { shown } from '../../render/html-kit.js';
import type { ReportSection, SmallPicture } from '../../render/report-section.js';
import type { EvidenceKind } from '../model.js';
import type { CaseNetwork, CaseNetworks, NetworkComputed } from './findings.js';
import { escapeMarkup } from '../../render/escape.js';
import { labelOfKind } from '../../graph/model.js';
import { colourOf } from '../../render/palette.js';
import { timeline } from './timeline.js';
import { humanDate, humanMoment } from '../../time/human-date.js';

/**
 * The case file's opening section: the seeds' networks. Per network its members, the identifiers that tie them
 * (a table), the members' dates on a timeline, the hubs that were ignored, and a picture of the members and their
 * shared identifiers only (drawn by the report's script from `networkPictures`). Every data string goes through
 * escapeMarkup, after `shown` makes bidirectional controls visible ([U+202E]).
 */

/** Evidence kinds as the report names them, with the legend colour of their node label. */
const EVIDENCE: Record<EvidenceKind, { text: string; label: string }> = {
  officer: { text: 'officer (manager or founder)', label: 'Person' },
  company: { text: 'company', label: 'Company' },
  address: { text: 'registration address', label: 'Address' },
  phone: { text: 'phone', label: 'Phone' },
  email: { text: 'e-mail', label: 'Email' },
  domain: { text: 'domain', label: 'Domain' },
  ip: { text: 'IP address (weak)', label: 'IP' },
  nameServer: { text: 'name server (weak)', label: 'NameServer' },
  mailServer: { text: 'mail server (weak)', label: 'MailServer' },
};
const WEAK: readonly EvidenceKind[] = ['ip', 'nameServer', 'mailServer'];

/**
 * Members and what ties them, drawn so that it can be read: an identifier that is a member is that member's node;
 * one that ties exactly two members is a line between them (a diamond for each pair made the picture a hairball);
 * one that ties three or more is a diamond linked to each.
 */
export function networkPictures(networks: CaseNetworks): SmallPicture[] {
  return networks.networks.map((n) => {
    const nodes: SmallPicture['nodes'] = n.members.map((m) => ({
      ref: m.ref,
      name: shown(m.name),
      kind: m.kind,
      colour: colourOf(labelOfKind(m.kind)),
      member: true,
      seed: m.seed,
    }));
    const known = new Set(nodes.map((x) => x.ref));
    const edges: SmallPicture['edges'] = [];
    // The members' own mailboxes are left out of the ties table, not out of the picture: they hold the e-mails in.
    for (const e of [...n.evidence, ...n.ownMailboxes]) {
      const weak = WEAK.includes(e.kind);
      if (!known.has(e.ref) && e.members.length === 2) {
        edges.push({ from: e.members[0]!, to: e.members[1]!, weak });
        continue;
      }
      if (!known.has(e.ref)) {
        // The picture names an officer without the INN (the table has it): labels stay short.
        const name = e.kind === 'officer' ? e.name.replace(/ \(INN \d+\)$/, '') : e.name;
        nodes.push({
          ref: e.ref,
          name: shown(name),
          kind: EVIDENCE[e.kind].text,
          colour: colourOf(EVIDENCE[e.kind].label),
          member: false,
          seed: false,
        });
        known.add(e.ref);
      }
      for (const m of e.members) if (m !== e.ref) edges.push({ from: m, to: e.ref, weak });
    }
    return { id: n.id, nodes, edges };
  });
}

/** A written network's scope as a reader says it: `the whole graph`, `crawl <id>`. */
export function scopeText(scopes: readonly string[]): string {
  return scopes.map((s) => (s === 'all' ? 'the whole graph' : s.replace(/^crawl:/, 'crawl '))).join(' and ');
}

/** When and over what `networks` computed: `over the whole graph, 26 Nov 2026 14:50 UTC`. */
function computedText(c: NetworkComputed): string {
  return `over ${scopeText(c.scopes)}, ${humanMoment(c.at)}`;
}

const HOW = `A network is a group of records tied by identifiers of common control: officers and founders, registration addresses, phones and e-mails, WhoIs and site requisites naming a company, the service's site–company links (IPs, name and mail servers count less). An identifier shared by too many records (a hub), or listed public infrastructure (public DNS and mail hosting, webmail), ties nothing.`;

/** The section; `index` of each picture's container is its place in networkPictures. */
export function networksSection(networks: CaseNetworks): string {
  const p = networks.params;
  const one = networks.networks.length === 1;
  const compute = 'landing-graph networks';
  const where = networks.latest
    ? `The ${one ? 'network' : 'networks'} that <code>${escapeMarkup(compute)}</code> found for the ${p.seeds.length === 1 ? 'seed' : 'seeds'} over the whole graph or a crawl (the latest run holding ${p.seeds.length === 1 ? 'it' : 'each'}), as <code>query network-of</code> shows ${one ? 'it' : 'them'}; this file's depth ${p.depth} narrows the lists of the appendix, never a network.`
    : '';
  const head = `<h2>${one ? 'The network of the seed' : 'Networks of the seeds'} <span class="count">(${networks.networks.length})</span></h2>\n<p class="lead">${where} ${escapeMarkup(HOW)}</p>`;
  if (networks.skipped !== null) return `<section id="networks">${head}<p class="none">${escapeMarkup(networks.skipped)}</p></section>`;
  if (networks.latest === null && networks.networks.length === 0) {
    return `<section id="networks">${head}<p class="none">No networks computed yet over the whole graph or a crawl. Compute them with <code>${escapeMarkup(compute)}</code> (the whole graph) or <code>${escapeMarkup(`${compute} --crawl <id>`)}</code> (the records one crawl fetched), then export again.</p></section>`;
  }
  const notes: string[] = [];
  if (networks.alone.length > 0 && networks.latest)
    notes.push(
      `In no network of the latest run (${computedText(networks.latest)}): ${networks.alone.join(', ')} (nothing ties ${networks.alone.length === 1 ? 'it' : 'them'} to another record then).`,
    );
  const noteMarkup = notes.map((n) => `<p class="note">${escapeMarkup(shown(n))}</p>`).join('\n');
  const articles = networks.networks.map((n, i) => networkArticle(n, i, networks.networks.length));
  return `<section id="networks">${head}\n${noteMarkup}\n${articles.join('\n')}</section>`;
}

function networkArticle(n: CaseNetwork, index: number, count: number): string {
  const nameOf = new Map(n.members.map((m) => [m.ref, m.name]));
  const seeds = n.members.filter((m) => m.seed).map((m) => m.name);
  const computed = n.computed ? ` · computed ${computedText(n.computed)}` : '';
  const changed =
    n.sizeWritten !== null && n.sizeWritten !== n.size
      ? ` · ${n.sizeWritten} members when computed, ${n.size} still tied now: run networks again`
      : '';
  const facts = `${n.size} members · score ${n.score} (weighted ties per member) · ${n.evidence.length} shared identifiers · ${n.hubs.length} hubs ignored · seed${seeds.length === 1 ? '' : 's'}: ${seeds.join(', ')}${computed}${changed}`;
  const tiesOf = new Map<string, number>();
  for (const e of n.evidence) for (const m of e.members) tiesOf.set(m, (tiesOf.get(m) ?? 0) + 1);
  const identifiers = new Map([...n.evidence, ...n.ownMailboxes].map((e) => [e.ref, e]));
  const whyIn = (m: CaseNetwork['members'][number]): string => {
    const e = m.why === null ? undefined : identifiers.get(m.why);
    if (!e) return '';
    const others = e.members.filter((r) => r !== m.ref && r !== e.ref).length;
    if (e.ref !== m.ref && nameOf.has(e.ref)) return `tied to ${nameOf.get(e.ref)} (${EVIDENCE[e.kind].text})`;
    if (e.ref === m.ref) return `${others} ${others === 1 ? 'member names' : 'members name'} it`;
    return `${EVIDENCE[e.kind].text} ${e.name.replace(/ \(INN \d+\)$/, '')}${others > 0 ? `, with ${others} ${others === 1 ? 'other' : 'others'}` : ''}`;
  };
  const members = n.members.map((m) =>
    row([
      cell(m.name, m.seed ? 'seed' : undefined, labelOfKind(m.kind)),
      cell(m.kind),
      cell(m.key ?? `#${m.id ?? '?'}`),
      cell(m.date ? humanDate(m.date) : ''),
      cell(whyIn(m), 'why'),
      cell(String(tiesOf.get(m.ref) ?? 0), 'num'),
    ]),
  );
  // An identifier that is a member itself (a company the sites name, a phone they list) ties the others to it.
  const evidence = n.evidence.map((e) =>
    row([
      cell(nameOf.has(e.ref) ? `${e.name} (member)` : e.name, undefined, EVIDENCE[e.kind].label),
      cell(EVIDENCE[e.kind].text),
      cell(String(e.members.length), 'num'),
      cell(
        e.members
          .filter((r) => r !== e.ref)
          .map((r) => nameOf.get(r) ?? r)
          .join('; '),
        'which',
      ),
    ]),
  );
  const mailboxes = n.ownMailboxes.length;
  const mailboxNote =
    mailboxes === 0
      ? ''
      : `\n<p class="note">Not listed: ${mailboxes} member ${mailboxes === 1 ? 'domain' : 'domains'} tied only to e-mail addresses at ${mailboxes === 1 ? 'itself' : 'themselves'} (the domain's own mailbox, which says nothing about control).</p>`;
  const hubs = n.hubs.map((h) =>
    row([
      cell(h.name, undefined, EVIDENCE[h.kind].label),
      cell(EVIDENCE[h.kind].text),
      cell(String(h.shared), 'num'),
      cell(String(h.members), 'num'),
    ]),
  );
  const legendKinds = [...new Set([...n.members.map((m) => labelOfKind(m.kind)), ...n.evidence.map((e) => EVIDENCE[e.kind].label)])];
  const legendText = (label: string) => Object.values(EVIDENCE).find((e) => e.label === label)?.text ?? label.toLowerCase();
  const legend = legendKinds
    .map((l) => `<span><span class="swatch" style="background:${colourOf(l)}"></span>${escapeMarkup(legendText(l))}</span>`)
    .join(' ');
  return `<article class="network" id="network-${index + 1}">
<h3>Network ${index + 1}${count > 1 ? ` of ${count}` : ''} <span class="netid">${escapeMarkup(n.id)}</span></h3>
<p class="facts">${escapeMarkup(shown(facts))}</p>
<div class="net-grid">
<div class="net-members"><h4>Members <span class="count">(${n.members.length})</span></h4>
${grid(['Member', 'Kind', 'Key', 'Registered / created', 'Why in (its strongest tie)', 'Ties'], members, 'members')}
<p class="note">Why in: the strongest identifier that ties the member to the others. Ties: how many of the identifiers below tie it.</p></div>
<div class="net-picture"><h4>Picture: members and what ties them</h4>
<p class="legend">${legend} <span>● member</span> <span>◆ identifier shared by three or more</span> <span>a line: a tie between two</span> <span>thick border: seed</span> <span>dashed: weak (hosting)</span></p>
<div class="net-graph" data-network="${index}" style="height:${pictureHeight(n)}px" role="img" aria-label="${escapeMarkup(`Network ${n.id}: members and what ties them`)}"></div></div>
</div>
<h4>What ties them <span class="count">(${n.evidence.length} identifiers)</span></h4>
${grid(['Identifier', 'Kind', 'Members sharing it', 'Which members (besides a member identifier itself)'], evidence, 'evidence')}${mailboxNote}
<h4>Timeline: companies registered, domains created</h4>
${timeline(n.members)}
<h4>Hubs ignored <span class="count">(${n.hubs.length})</span></h4>
${
  hubs.length === 0
    ? '<p class="none">No identifier of these members is shared by so many records that it was ignored.</p>'
    : `<p class="note">Shared by too many records to tell anything about control (a nominee director, a mass-registration address, a webmail or hosting address): not counted as ties.</p>\n${grid(['Identifier', 'Kind', 'Records sharing it', 'Members of this network'], hubs, 'hubs')}`
}
</article>`;
}

/** Room for the picture: 11 px of height per node drawn, between 480 and 1000 px, at the page's full width. */
function pictureHeight(n: CaseNetwork): number {
  const shared = n.evidence.filter((e) => e.members.length >= 3 && !n.members.some((m) => m.ref === e.ref)).length;
  return Math.min(1000, Math.max(480, Math.round((n.members.length + shared) * 11)));
}

function cell(text: string, cls?: string, swatch?: string): string {
  const dot = swatch ? `<span class="swatch" style="background:${colourOf(swatch)}"></span>` : '';
  const badge = cls === 'seed' ? ' <span class="badge">seed</span>' : '';
  return `<td${cls ? ` class="${cls}"` : ''}>${dot}${escapeMarkup(shown(text))}${badge}</td>`;
}

function row(cells: string[]): string {
  return `<tr>${cells.join('')}</tr>`;
}

function grid(headers: readonly string[], rows: readonly string[], cls: string): string {
  const head = headers.map((h) => `<th>${escapeMarkup(h)}</th>`).join('');
  return `<table class="${cls}"><thead><tr>${head}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

/** The section's stylesheet (added to the report's). */
export const NETWORKS_CSS = `
#networks .lead { color: #444; max-width: 1100px; }
.note { color: #555; font-size: 13px; }
article.network { background: #fff; border: 1px solid #d8dce3; border-left: 5px solid #1f2a44; padding: 6px 18px 16px; margin: 18px 0 26px; }
article.network h3 { font-size: 18px; margin: 10px 0 2px; }
article.network h4 { font-size: 14px; margin: 16px 0 6px; color: #1f2a44; }
.netid { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; color: #777; font-weight: normal; margin-left: 8px; }
.facts { margin: 2px 0 8px; color: #333; }
.net-grid { display: grid; grid-template-columns: minmax(0, 1fr); gap: 14px; align-items: start; }
.net-members table { width: 100%; }
.net-graph { height: 560px; border: 1px solid #ddd; background: #fcfcfd; }
img.net-print { display: none; }
table.members td:nth-child(n+2), table.hubs td:nth-child(n+2), table.evidence td:nth-child(2), table.evidence td:nth-child(3) { white-space: nowrap; }
table.members td:first-child, table.evidence td:first-child { min-width: 200px; }
table.members th:last-child, table.hubs th { white-space: nowrap; }
#networks code { font-size: 12px; background: #eef0f4; padding: 1px 4px; border-radius: 3px; }
td.seed { font-weight: 700; }
.badge { display: inline-block; font-size: 11px; font-weight: 600; color: #fff; background: #1f2a44; border-radius: 3px; padding: 0 5px; margin-left: 6px; vertical-align: 1px; }
td.which, td.why { color: #444; font-size: 12px; }
table.members td.why { white-space: normal; min-width: 180px; }
svg.timeline { display: block; max-width: 1000px; background: #fff; border: 1px solid #e3e3e3; font: 12px system-ui, sans-serif; }
svg.timeline .band { fill: #f6f7f9; }
svg.timeline .tick { stroke: #d5d9e0; stroke-width: 1; }
svg.timeline .year { fill: #555; font-size: 11px; }
svg.timeline .name { fill: #1d1d1f; }
svg.timeline .name.seed { font-weight: 700; }
svg.timeline .date { fill: #555; font-size: 11px; font-variant-numeric: tabular-nums; }
/* The members table, then the picture at the page's full width: side by side, the picture's labels were 6 px. */
@media print {
  article.network ~ article.network { break-before: page; }
  .net-picture { break-inside: avoid; }
  .net-graph { display: none; }
  img.net-print { display: block; width: 100%; max-height: 820px; object-fit: contain; border: 1px solid #ddd; }
  /* An A4 page is narrower than the screen: the members table's six columns get fixed shares and wrap, rather than
     run off the page (auto widths let one column shrink to a letter a line). */
  table.members td:first-child, table.evidence td:first-child, table.members td.why { min-width: 0; }
  table.members { table-layout: fixed; width: 100%; }
  table.members th:nth-child(1) { width: 24%; } table.members th:nth-child(2) { width: 9%; }
  table.members th:nth-child(3) { width: 19%; } table.members th:nth-child(4) { width: 13%; }
  table.members th:nth-child(5) { width: 28%; } table.members th:nth-child(6) { width: 7%; }
  table.evidence, table.hubs { table-layout: fixed; width: 100%; }
  table.evidence th:nth-child(1) { width: 30%; } table.evidence th:nth-child(2) { width: 15%; }
  table.evidence th:nth-child(3) { width: 9%; } table.evidence th:nth-child(4) { width: 46%; }
  table.hubs th:nth-child(1) { width: 46%; } table.hubs th:nth-child(2) { width: 24%; }
  table.hubs th:nth-child(3), table.hubs th:nth-child(4) { width: 15%; white-space: normal; }
  /* Every cell wraps inside its column, a long e-mail or key anywhere: nowrap cells ran into the next column. */
  table.members td, table.members td:nth-child(n+2), table.evidence td, table.evidence td:nth-child(n), table.hubs td:nth-child(n) {
    white-space: normal; overflow-wrap: anywhere; }
  table.members td, table.evidence td, table.hubs td { padding: 1px 4px; font-size: 10.5px; line-height: 1.3; }
  article.network { padding: 2px 10px 8px; margin: 8px 0; }
}
`;

/** The case file's opening section: the seeds' networks, for the export's HTML writer. */
export function caseNetworksSection(networks: CaseNetworks): ReportSection {
  return { html: networksSection(networks), css: NETWORKS_CSS, pictures: networkPictures(networks) };
}
