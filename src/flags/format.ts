import { type CsvCell, csvForPeople } from '../render/csv.js';
import { terminalText } from '../render/escape.js';
import type { Flag, FlagRecord } from './model.js';

/** `--json`: exactly `{ "flags": [ { rule, severity, score, record: {kind, id, key}, evidence: [ { fact, records } ] } ] }`. */
export function flagsJson(flags: readonly Flag[]): string {
  const plain = flags.map((f) => ({
    rule: f.rule,
    severity: f.severity,
    score: f.score,
    record: recordJson(f.record),
    evidence: f.evidence.map((e) => ({ fact: e.fact, records: e.records.map(recordJson) })),
  }));
  return `${JSON.stringify({ flags: plain }, null, 2)}\n`;
}

const recordJson = (r: FlagRecord) => ({ kind: r.kind, id: r.id, key: r.key });

/** `--csv` for people (formulas neutralised): one line per flag, its facts joined by ` | `. */
export function flagsCsv(flags: readonly Flag[]): string {
  const rows: CsvCell[][] = flags.map((f) => [
    f.rule,
    f.severity,
    f.score,
    f.record.kind,
    f.record.id,
    f.record.key,
    f.evidence.map((e) => e.fact).join(' | '),
  ]);
  return csvForPeople(['rule', 'severity', 'score', 'kind', 'id', 'key', 'evidence'], rows);
}

/** The terminal table: one line per flag and an indented line per fact; data made inert for a terminal. */
export function flagsTable(flags: readonly Flag[]): string {
  if (flags.length === 0) return 'no flags\n';
  const lines: string[] = [];
  for (const f of flags) {
    const who = f.record.key !== null ? `${f.record.kind}:${f.record.key}` : `${f.record.kind}#${f.record.id ?? '?'}`;
    lines.push(`${f.severity.padEnd(6)} ${f.score.toFixed(2)}  ${f.rule}  ${terminalText(who)}`);
    for (const e of f.evidence) lines.push(`    ${terminalText(e.fact)}`);
  }
  return `${lines.join('\n')}\n`;
}
