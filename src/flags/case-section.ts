import { escapeMarkup } from '../render/escape.js';
import { shown } from '../render/html-kit.js';
import type { ReportSection } from '../render/report-section.js';
import { countFlags, type Finding, findingsOf, type Flag, recordLabel } from './model.js';

/** How the section was computed (shown in the report). */
export interface CaseFlagsParams {
  /** The seeds as the export names them. */
  seeds: string[];
  depth: number;
  /** Why no flags were computed (an --as-of export), else null. */
  skipped: string | null;
}

/** Members a finding names before `and N more`. */
const MEMBERS_SHOWN = 8;

/**
 * The case file's opening section: the red flags of the records of the export's `<seeds> --depth N` (docs/scope.md),
 * computed afresh as `flags <seeds> --depth N --no-write` would, read top-down: the flags and findings per severity
 * and rule, then the findings, the most severe first, each named by its records' names with their keys, with the
 * facts that triggered it and the records they come from. The flags of one rule sharing one identifier (the
 * companies of one mass address) are one finding naming the first few. Every data string goes through escapeMarkup
 * after `shown`.
 */
export function caseFlagsSection(flags: readonly Flag[], params: CaseFlagsParams): ReportSection {
  const command = `landing-graph flags ${params.seeds.join(' ')} --depth ${params.depth}`;
  const findings = findingsOf(flags);
  const count = flags.length === 0 ? '0' : `${flags.length} in ${findings.length} ${findings.length === 1 ? 'finding' : 'findings'}`;
  const head = `<h2>Red flags <span class="count">(${count})</span></h2>\n<p class="lead">${escapeMarkup(
    `Explainable rules (docs/flags.md) over the current graph, over the records a crawl of the seeds to depth ${params.depth} fetches, computed when this file was made; each finding lists the facts that triggered it. The same flags:`,
  )} <code>${escapeMarkup(shown(command))}</code>.</p>`;
  if (params.skipped !== null) return section(`${head}\n<p class="none">${escapeMarkup(params.skipped)}</p>`);
  if (flags.length === 0) return section(`${head}\n<p class="none">No rule fires on these records.</p>`);
  const counts = countFlags(findings).map(
    (c) =>
      `<tr class="sev-${c.severity}"><td><span class="sev">${escapeMarkup(c.severity)}</span></td><td>${escapeMarkup(c.rule)}</td><td class="num">${c.flags}</td><td class="num">${c.findings}</td></tr>`,
  );
  const rows = findings.map(
    (g) =>
      `<tr class="sev-${g.severity}"><td><span class="sev">${escapeMarkup(g.severity)}</span></td><td>${escapeMarkup(g.rule)}</td><td>${findingCell(g)}</td><td class="num">${g.score.toFixed(2)}</td><td>${evidenceCell(g)}</td></tr>`,
  );
  return section(
    `${head}\n<table class="flag-counts"><thead><tr><th>Severity</th><th>Rule</th><th>Flags</th><th>Findings</th></tr></thead><tbody>\n${counts.join('\n')}\n</tbody></table>\n<table class="flags"><thead><tr><th>Severity</th><th>Rule</th><th>Finding</th><th>Score</th><th>Evidence (and the records it comes from)</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`,
  );
}

/** The record flagged, or what the records of a finding share. */
function findingCell(g: Finding): string {
  return escapeMarkup(shown(g.shared === null ? recordLabel((g.flags[0] as Flag).record) : g.shared.fact));
}

/** A single flag's facts with the records they come from; for a finding of many, its records here, the first few. */
function evidenceCell(g: Finding): string {
  if (g.shared !== null) {
    const names = g.flags.slice(0, MEMBERS_SHOWN).map((f) => recordLabel(f.record));
    const more = g.flags.length > MEMBERS_SHOWN ? `; and ${g.flags.length - MEMBERS_SHOWN} more` : '';
    const count = `${g.flags.length} ${g.flags.length === 1 ? 'record' : 'records'} of this file flagged:`;
    return `<div>${escapeMarkup(count)}</div><div class="members">${escapeMarkup(shown(names.join('; ')))}${escapeMarkup(more)}</div>`;
  }
  return (g.flags[0] as Flag).evidence
    .map(
      (e) =>
        `<div>${escapeMarkup(shown(e.fact))}${e.records.length > 0 ? ` <span class="refs">(${escapeMarkup(shown(e.records.map(recordLabel).join('; ')))})</span>` : ''}</div>`,
    )
    .join('');
}

function section(inner: string): ReportSection {
  return { html: `<section id="flags">${inner}</section>`, css: FLAGS_CSS, pictures: [] };
}

const FLAGS_CSS = `
#flags .lead { color: #444; max-width: 1100px; }
#flags code { font-size: 12px; background: #eef0f4; padding: 1px 4px; border-radius: 3px; }
table.flags td:nth-child(1), table.flags td:nth-child(2), table.flags td:nth-child(4) { white-space: nowrap; }
table.flags td:nth-child(3) { max-width: 420px; }
table.flags .members { color: #444; font-size: 12px; margin-top: 2px; }
#flags table.flag-counts { width: auto; min-width: 420px; margin-bottom: 12px; }
table.flags .refs { color: #666; font-size: 12px; }
.sev { display: inline-block; font-size: 11px; font-weight: 700; color: #fff; border-radius: 3px; padding: 0 6px; text-transform: uppercase; }
tr.sev-high .sev { background: #b00020; }
tr.sev-medium .sev { background: #c77700; }
tr.sev-low .sev { background: #5a6472; }
@media print { table.flags tr { break-inside: avoid; } }
`;
