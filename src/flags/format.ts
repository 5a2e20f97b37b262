import { type CsvCell, csvForPeople } from '../render/csv.js';
import { terminalText } from '../render/escape.js';
import { countFlags, findingsOf, type Flag, type FlagRecord, recordLabel, sortFlags } from './model.js';

/** Members a finding names in the table before `and N more`. */
const MEMBERS_SHOWN = 5;

/**
 * `--json`: `{ "summary": [ { severity, rule, flags, findings } ], "findings": [ { rule, severity, score, shared,
 * members, evidence } ], "flags": [ { rule, severity, score, record: {kind, id, key, name}, evidence: [ { fact,
 * records } ], shared } ] }` (docs/flags.md), each list in the order an analyst reads.
 */
export function flagsJson(flags: readonly Flag[]): string {
  const findings = findingsOf(flags);
  const plain = sortFlags([...flags]).map((f) => ({
    rule: f.rule,
    severity: f.severity,
    score: f.score,
    record: recordJson(f.record),
    evidence: f.evidence.map(evidenceJson),
    shared: f.shared,
  }));
  const grouped = findings.map((g) => ({
    rule: g.rule,
    severity: g.severity,
    score: g.score,
    shared: g.shared,
    members: g.flags.map((f) => recordJson(f.record)),
    evidence: g.shared !== null ? [] : (g.flags[0] as Flag).evidence.map(evidenceJson),
  }));
  return `${JSON.stringify({ summary: countFlags(findings), findings: grouped, flags: plain }, null, 2)}\n`;
}

const recordJson = (r: FlagRecord) => ({ kind: r.kind, id: r.id, key: r.key, name: r.name });
const evidenceJson = (e: Flag['evidence'][number]) => ({ fact: e.fact, records: e.records.map(recordJson) });

/**
 * `--csv` for people (formulas neutralised): one line per flag in reading order, its facts joined by ` | `; the
 * record's name and the finding it belongs to (the shared identifier's fact) come last, after the original columns.
 */
export function flagsCsv(flags: readonly Flag[]): string {
  const rows: CsvCell[][] = sortFlags([...flags]).map((f) => [
    f.rule,
    f.severity,
    f.score,
    f.record.kind,
    f.record.id,
    f.record.key,
    f.evidence.map((e) => e.fact).join(' | '),
    f.record.name,
    f.shared?.fact ?? null,
  ]);
  return csvForPeople(['rule', 'severity', 'score', 'kind', 'id', 'key', 'evidence', 'name', 'finding'], rows);
}

/**
 * The terminal table, read top-down: the flags and findings per severity and rule, then each finding, the most
 * severe first. A finding of many records (one address, one person) is one block naming the first few members; a
 * finding of one record shows its facts and the records they come from. Data made inert for a terminal.
 */
export function flagsTable(flags: readonly Flag[]): string {
  if (flags.length === 0) return 'no flags\n';
  const findings = findingsOf(flags);
  const counts = countFlags(findings);
  const ruleWidth = Math.max(...counts.map((c) => c.rule.length));
  const lines = [`${plural(flags.length, 'flag')} in ${plural(findings.length, 'finding')}:`];
  for (const c of counts) {
    const grouped = c.findings < c.flags ? ` in ${plural(c.findings, 'finding')}` : '';
    lines.push(`  ${c.severity.padEnd(6)}  ${c.rule.padEnd(ruleWidth)}  ${String(c.flags).padStart(5)}${grouped}`);
  }
  for (const g of findings) {
    lines.push('');
    if (g.shared !== null) {
      lines.push(
        `${g.severity.padEnd(6)} ${g.score.toFixed(2)}  ${g.rule}  ${terminalText(g.shared.fact)}: ${plural(g.flags.length, 'record')} flagged`,
      );
      for (const f of g.flags.slice(0, MEMBERS_SHOWN)) lines.push(`    ${terminalText(recordLabel(f.record))}`);
      if (g.flags.length > MEMBERS_SHOWN) lines.push(`    and ${g.flags.length - MEMBERS_SHOWN} more`);
      continue;
    }
    const f = g.flags[0] as Flag;
    lines.push(`${f.severity.padEnd(6)} ${f.score.toFixed(2)}  ${f.rule}  ${terminalText(recordLabel(f.record))}`);
    for (const e of f.evidence) {
      lines.push(`    ${terminalText(e.fact)}`);
      if (e.records.length > 0) lines.push(`      ${terminalText(e.records.map(recordLabel).join('; '))}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
