import { firstOf } from '../../render/first-of.js';
import { offlineHead } from '../../render/html-head.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { escapeMarkup, jsonForScript } from '../../render/escape.js';
import { shown } from '../../render/html-kit.js';
import { humanMoment } from '../../time/human-date.js';
import type { ReportSection } from '../../render/report-section.js';
import type { Subgraph } from '../model.js';
import { displayName, isPivot, kindLabel } from '../names.js';
import { colourOf } from '../../render/palette.js';
import { plainProperties } from '../values.js';
import { caseFileScript, inlinable, reportCss } from '../../render/assets.js';
import {
  companiesSection,
  domainsSection,
  kindsSection,
  noControlPivotsSection,
  provenanceSection,
  sharedPivotsSection,
} from './html-sections.js';
import { writeChunks, type WrittenExport } from '../../render/output.js';

/** How the case file is laid out. */
export interface CaseFileOptions {
  /** Print the appendix too (`export --appendix`); on screen it is there, collapsed, either way. Default: false. */
  appendixInPrint?: boolean;
}

/**
 * A self-contained case-file report (one HTML file that works offline), read top-down as a report: the
 * investigation first (the findings a caller hands over in `findings` — the CLI passes the red flags and the seeds'
 * networks, each with its members, ties, timeline, ignored hubs and a small picture — then the provenance), then
 * an appendix, collapsed on screen and left out of print unless asked: entities per kind, the whole neighbourhood
 * as an interactive picture drawn only when opened (thousands of nodes take seconds), shared pivots (those that
 * say nothing about control listed apart), companies and domains. cytoscape.js's minified file is inlined.
 * Nothing is fetched at view time: a Content-Security-Policy allows only the report's own two scripts (by hash)
 * and inline styles, and no connections. Data strings are HTML-escaped in the markup and travel to the script as
 * JSON inside a non-executable script block.
 */
export async function writeHtml(
  subgraph: Subgraph,
  file: string,
  findings?: ReportSection,
  options: CaseFileOptions = {},
): Promise<WrittenExport> {
  const bytes = await writeChunks(file, [renderHtml(subgraph, findings, options)]);
  return { path: file, files: [file], bytes };
}

let library: string | undefined;

/** cytoscape.min.js from node_modules (the dependency ships this one file). */
function cytoscapeSource(): string {
  if (library === undefined) {
    const file = createRequire(import.meta.url).resolve('cytoscape/dist/cytoscape.min.js');
    library = inlinable(readFileSync(file, 'utf8'), file);
  }
  return library;
}

/** The report as one HTML string; without `findings` it opens with the provenance. */
export function renderHtml(subgraph: Subgraph, findings?: ReportSection, options: CaseFileOptions = {}): string {
  const seeds = new Set(subgraph.provenance.parameters.seeds);
  const data = {
    nodes: subgraph.nodes.map((n) => ({
      key: n.elementKey,
      name: displayName(n),
      kind: kindLabel(n),
      colour: colourOf(kindLabel(n)),
      pivot: isPivot(n),
      seed: seeds.has(n.elementKey) || seedByKey(n, seeds),
      props: plainProperties(n.properties),
    })),
    edges: subgraph.edges.map((e) => ({ from: e.from, to: e.to, type: e.type })),
    networks: findings?.pictures ?? [],
  };
  const lib = cytoscapeSource();
  const app = caseFileScript();
  const csp = [
    "default-src 'none'",
    `script-src ${[lib, app].map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`).join(' ')}`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const p = subgraph.provenance;
  const title = `Case file: ${seedNames(subgraph, data.nodes)}`;
  const legend = [...new Set(subgraph.nodes.map(kindLabel))]
    .sort()
    .map((k) => `<span><span class="swatch" style="background:${colourOf(k)}"></span>${escapeMarkup(k)}</span>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en">
${offlineHead(title, csp, reportCss() + (findings?.css ?? '') + CASE_FILE_CSS)}
<body>
<header><h1>${escapeMarkup(shown(title))}</h1><p>${escapeMarkup(`${p.parameters.seeds.join(', ')} · ${p.counts.nodes} entities and ${p.counts.edges} relationships at depth ${p.parameters.depth} · ${p.state} · exported ${humanMoment(p.exportedAt)} by ${p.tool.name} ${p.tool.version}`)}</p></header>
<main>
<div class="investigation">
${findings?.html ?? ''}
<section id="provenance">${provenanceSection(subgraph)}</section>
</div>
<details class="appendix${options.appendixInPrint ? ' printed' : ''}" id="appendix"><summary>Appendix: every entity of this export <span class="count">(${p.counts.nodes} entities and ${p.counts.edges} relationships at depth ${p.parameters.depth}: per kind, shared values, companies, domains, the whole picture)</span></summary>
<p class="note">${options.appendixInPrint ? 'Printed with the case file (export --appendix).' : 'Left out of print; export with --appendix to print it.'}</p>
<section>${kindsSection(subgraph)}</section>
${sharedPivotsSection(subgraph)}
${noControlPivotsSection(subgraph)}
<details class="whole" id="whole-graph"><summary>Whole neighbourhood: picture of every entity and relationship <span class="count">(${p.counts.nodes} and ${p.counts.edges}; drawn when opened)</span></summary>
<p class="legend">${legend} <span>◆ pivot</span><span>thick border: seed</span></p>
<input id="filter" type="search" placeholder="Highlight by name or key" aria-label="Highlight by name or key">
<span id="graph-status">Not drawn yet.</span>
<div class="graph-wrap"><div id="graph"></div><div id="details"><p class="none">Click a node to see its properties.</p></div></div>
</details>
${companiesSection(subgraph)}
${domainsSection(subgraph)}
</details>
</main>
<script type="application/json" id="graph-data">${jsonForScript(data)}</script>
<script>${lib}</script>
<script>${app}</script>
</body>
</html>
`;
}

/** The seeds by name (a company's name, a domain), as the title names them: three at most, then how many more. */
function seedNames(subgraph: Subgraph, nodes: readonly { name: string; seed: boolean }[]): string {
  const names = nodes.filter((n) => n.seed).map((n) => n.name);
  const all = names.length > 0 ? names : subgraph.provenance.parameters.seeds;
  return firstOf(all, 3);
}

/** Whether a node is one of the seeds given by key (`domain:example.com` while its element key is `domain#42`). */
function seedByKey(node: Subgraph['nodes'][number], seeds: ReadonlySet<string>): boolean {
  const kind = node.properties.kind?.value;
  const key = node.properties.key?.value;
  return typeof kind === 'string' && typeof key === 'string' && !isPivot(node) && seeds.has(`${kind}:${key}`);
}

/** The case file's own layout, after the sections' styles: it decides how the whole prints. */
const CASE_FILE_CSS = `
details.appendix { margin: 34px 0 0; border-top: 3px solid #1f2a44; }
details.appendix > summary { cursor: pointer; font-size: 19px; font-weight: 700; padding: 10px 0; }
details.appendix > summary .count { color: #666; font-weight: normal; font-size: 14px; }
details.whole { margin: 26px 0; }
details.whole > summary { cursor: pointer; font-size: 17px; font-weight: 600; padding: 6px 0; border-bottom: 1px solid #ddd; }
details.whole > summary .count { color: #777; font-weight: normal; font-size: 14px; }
@page { size: A4; margin: 12mm; }
@media print {
  body { font-size: 12px; }
  h2 { margin: 14px 0 6px; }
  /* A cell's text breaks anywhere rather than cross into the next column; a heading only between syllables. */
  td { overflow-wrap: anywhere; }
  th { overflow-wrap: normal; hyphens: auto; font-size: 10.5px; }
  /* The investigation flows on: a forced break after a short section left a page holding only its heading. */
  #flags { break-after: auto; }
  details.appendix:not(.printed) { display: none; }
  details.appendix.printed::details-content { content-visibility: visible; display: block; }
  details.appendix.printed { break-before: page; }
  details.whole { display: none; }
  h2, h3, h4 { break-after: avoid; }
  tr { break-inside: avoid; }
}
`;
