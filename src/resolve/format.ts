import { firstOf } from '../render/first-of.js';
import { csvForPeople } from '../render/csv.js';
import type { Candidate, CandidateResult, CrowdedName, Side } from './model.js';
import { sideRef } from './pair.js';

/** `--json`: exactly { candidates: [{ pairId, rule, score, a: {kind, id, key, name}, b: {…}, evidence: [{kind, value}] }] }. */
export function candidatesJson(result: CandidateResult): string {
  const candidates = result.candidates.map((c) => ({
    pairId: c.pairId,
    rule: c.rule,
    score: c.score,
    a: side(c.a),
    b: side(c.b),
    evidence: c.evidence.map((e) => ({ kind: e.kind, value: e.value })),
  }));
  return `${JSON.stringify({ candidates }, null, 2)}\n`;
}

/**
 * `--csv`, for a spreadsheet: one line per candidate, both sides' refs and names and the evidence in words. Names are
 * written by the people investigated: the CSV for people neutralises formulas (src/render/csv.ts).
 */
export function candidatesCsv(result: CandidateResult): string {
  return csvForPeople(
    ['pair_id', 'rule', 'score', 'a', 'a_name', 'b', 'b_name', 'evidence'],
    result.candidates.map((c) => [
      c.pairId,
      c.rule,
      c.score,
      sideRef(c.a),
      c.a.name,
      sideRef(c.b),
      c.b.name,
      c.evidence.map((e) => `${e.kind} ${e.value}`).join('; '),
    ]),
  );
}

/** The terminal table: rank, pair id, rule, score, both sides and the evidence, one block per candidate. */
export function candidatesTable(result: CandidateResult): string {
  if (result.candidates.length === 0) return 'no candidates\n';
  const out: string[] = [];
  result.candidates.forEach((c: Candidate, i) => {
    out.push(`#${i + 1}  ${c.pairId}  ${c.rule}  score ${c.score}`);
    out.push(`    a: ${sideText(c.a)}`);
    out.push(`    b: ${sideText(c.b)}`);
    out.push(`    evidence: ${c.evidence.map((e) => `${e.kind} ${printable(e.value)}`).join('; ')}`);
  });
  return `${out.join('\n')}\n`;
}

/** One line about the names too common to propose anything (for stderr). */
export function crowdedLine(crowded: readonly CrowdedName[], maxNamesakes: number, most = 5): string {
  if (crowded.length === 0) return `no name held by more than ${maxNamesakes} companies or persons`;
  const named = crowded.map((c) => `${c.kind} ${JSON.stringify(printable(c.name))} (${c.count})`);
  return `left out ${crowded.length} ${crowded.length === 1 ? 'name' : 'names'} held by more than ${maxNamesakes}: ${firstOf(named, most)}`;
}

function side(s: Side): Side {
  return { kind: s.kind, id: s.id, key: s.key, name: s.name };
}

function sideText(s: Side): string {
  return s.name === null ? sideRef(s) : `${printable(sideRef(s))} ${printable(s.name)}`;
}

/** Control characters (a terminal escape in a hostile name) shown as U+FFFD, so the table cannot rewrite the screen. */
function printable(text: string): string {
  return text.replace(/\p{Cc}/gu, '\uFFFD');
}
