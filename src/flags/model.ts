import type { Severity } from './rules.js';

/**
 * Red flags (`landing-graph flags`): explainable rules over the current graph (cypher/flags/rules/), each hit a
 * record with a score and the facts that triggered it, with the records they come from. Written back as
 * `(:Flag {uid, rule, severity, score, evidence, computedAt, firstSeenAt, lastSeenAt})-[:FLAGS]->(record)`; a flag
 * the latest run no longer finds is retired with `removedAt` (history kept). The JSON shape is a public contract.
 */
export interface FlagRecord {
  kind: string;
  id: number | null;
  key: string | null;
}

export interface FlagEvidence {
  /** What was found, in words (names and values come from the records: hostile text). */
  fact: string;
  /** The records the fact comes from (besides the flagged one). */
  records: FlagRecord[];
}

export interface Flag {
  rule: string;
  severity: Severity;
  /** 0..1: how strongly the rule fires (each rule says how it scores). */
  score: number;
  record: FlagRecord;
  evidence: FlagEvidence[];
}

/** Which records the rules look at. */
export type FlagScope =
  | { type: 'all' }
  | { type: 'crawl'; crawlId: string }
  | { type: 'seeds'; seeds: readonly import('../api/refs.js').LandingRef[]; depth: number };

/** One entry per rule and record, highest score first (then rule, then the record's key). */
export function sortFlags(flags: Flag[]): Flag[] {
  const text = (r: FlagRecord) => r.key ?? `#${r.id ?? ''}`;
  return flags.sort(
    (a, b) =>
      b.score - a.score ||
      (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0) ||
      (text(a.record) < text(b.record) ? -1 : text(a.record) > text(b.record) ? 1 : 0),
  );
}

/** The flag's identity in the graph: one per rule and record. */
export function flagUid(rule: string, record: FlagRecord): string {
  return `${rule}|${record.kind}${record.id !== null ? `#${record.id}` : `:${record.key ?? ''}`}`;
}
