import { escapeMarkup } from '../render/escape.js';
import { shown } from '../render/html-kit.js';
import type { ReportSection } from '../render/report-section.js';
import type { Flag, FlagRecord } from './model.js';

/** How the section was computed (shown in the report). */
export interface CaseFlagsParams {
  /** The seeds as the export names them. */
  seeds: string[];
  depth: number;
  /** Why no flags were computed (an --as-of export), else null. */
  skipped: string | null;
}

/**
 * The case file's opening section: the red flags of the records of the export's `<seeds> --depth N` (docs/scope.md), computed
 * afresh as `flags <seeds> --depth N --no-write` would, highest score first, each with the facts that triggered it
 * and the records they come from. Every data string goes through escapeMarkup after `shown`.
 */
export function caseFlagsSection(flags: readonly Flag[], params: CaseFlagsParams): ReportSection {
  const command = `landing-graph flags ${params.seeds.join(' ')} --depth ${params.depth}`;
  const head = `<h2>Red flags <span class="count">(${flags.length})</span></h2>\n<p class="lead">${escapeMarkup(
    `Explainable rules (docs/flags.md) over the current graph, over the records a crawl of the seeds to depth ${params.depth} fetches, computed when this file was made; each flag lists the facts that triggered it. The same flags:`,
  )} <code>${escapeMarkup(shown(command))}</code>.</p>`;
  if (params.skipped !== null) return section(`${head}\n<p class="none">${escapeMarkup(params.skipped)}</p>`);
  if (flags.length === 0) return section(`${head}\n<p class="none">No rule fires on these records.</p>`);
  const rows = flags.map(
    (f) =>
      `<tr class="sev-${f.severity}"><td><span class="sev">${escapeMarkup(f.severity)}</span></td><td>${escapeMarkup(f.rule)}</td><td>${escapeMarkup(shown(recordText(f.record)))}</td><td class="num">${f.score.toFixed(2)}</td><td>${f.evidence
        .map(
          (e) =>
            `<div>${escapeMarkup(shown(e.fact))}${e.records.length > 0 ? ` <span class="refs">(${escapeMarkup(shown(e.records.map(recordText).join(', ')))})</span>` : ''}</div>`,
        )
        .join('')}</td></tr>`,
  );
  return section(
    `${head}\n<table class="flags"><thead><tr><th>Severity</th><th>Rule</th><th>Record</th><th>Score</th><th>Evidence (and the records it comes from)</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`,
  );
}

function section(inner: string): ReportSection {
  return { html: `<section id="flags">${inner}</section>`, css: FLAGS_CSS, pictures: [] };
}

function recordText(r: FlagRecord): string {
  return r.key !== null ? `${r.kind}:${r.key}` : `${r.kind}#${r.id ?? '?'}`;
}

const FLAGS_CSS = `
#flags .lead { color: #444; max-width: 1100px; }
#flags code { font-size: 12px; background: #eef0f4; padding: 1px 4px; border-radius: 3px; }
table.flags td:nth-child(-n+4) { white-space: nowrap; }
table.flags .refs { color: #666; font-size: 12px; }
.sev { display: inline-block; font-size: 11px; font-weight: 700; color: #fff; border-radius: 3px; padding: 0 6px; text-transform: uppercase; }
tr.sev-high .sev { background: #b00020; }
tr.sev-medium .sev { background: #c77700; }
tr.sev-low .sev { background: #5a6472; }
@media print { #flags { break-after: page; } }
`;
