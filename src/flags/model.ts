import { SEVERITIES, type Severity } from './rules.js';

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
  /** What people call it: a company's title, else the key; null for a company known without its title. */
  name: string | null;
}

export interface FlagEvidence {
  /** What was found, in words (names and values come from the records: hostile text). */
  fact: string;
  /** The records the fact comes from (besides the flagged one). */
  records: FlagRecord[];
}

/**
 * What the flags of one rule share when the pattern is the identifier, not the record (the address of
 * `mass-address`, the person of `mass-officer`): those flags make one finding.
 */
export interface FlagShared {
  kind: string;
  key: string;
  name: string;
  /** The pattern in words (`<address> houses 72 companies`). */
  fact: string;
}

export interface Flag {
  rule: string;
  severity: Severity;
  /** 0..1: how strongly the rule fires (each rule says how it scores). */
  score: number;
  record: FlagRecord;
  evidence: FlagEvidence[];
  /** The identifier this flag shares with the others of its finding; null when the flag is a finding of its own. */
  shared: FlagShared | null;
}

/**
 * One finding: the flags of one rule that share an identifier (40 companies at one address), or a single flag. Its
 * score is its members' highest.
 */
export interface Finding {
  rule: string;
  severity: Severity;
  score: number;
  shared: FlagShared | null;
  /** Highest score first. */
  flags: Flag[];
}

/** How many flags and findings one rule of one severity gave. */
export interface FlagCount {
  severity: Severity;
  rule: string;
  flags: number;
  findings: number;
}

/** Which records the rules look at. */
export type FlagScope =
  | { type: 'all' }
  | { type: 'crawl'; crawlId: string }
  | { type: 'seeds'; seeds: readonly import('../api/refs.js').LandingRef[]; depth: number };

const severityRank = (s: Severity) => SEVERITIES.indexOf(s);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/**
 * Rules read before the others of their severity: a watch list's hit (`listed`, from `screen`) is someone else's
 * judgement already made, the first question of a compliance review; the other rules are patterns to weigh.
 */
const FIRST_RULES: readonly string[] = ['listed'];
const byRule = (a: string, b: string) => Number(!FIRST_RULES.includes(a)) - Number(!FIRST_RULES.includes(b)) || byText(a, b);
const recordText = (r: FlagRecord) => r.key ?? `#${r.id ?? ''}`;

/** The order an analyst reads: the most severe first, then by rule (`listed` first), the highest score, then the record's key. */
export function sortFlags(flags: Flag[]): Flag[] {
  return flags.sort(
    (a, b) =>
      severityRank(a.severity) - severityRank(b.severity) ||
      byRule(a.rule, b.rule) ||
      b.score - a.score ||
      byText(recordText(a.record), recordText(b.record)),
  );
}

/**
 * The flags as findings, in the flags' order: the flags of one rule sharing an identifier make one finding, every
 * other flag is one. Ordered by severity, rule, the highest score, then the shared identifier's or the record's key.
 */
export function findingsOf(flags: readonly Flag[]): Finding[] {
  const sorted = sortFlags([...flags]);
  const grouped = new Map<string, Finding>();
  const findings: Finding[] = [];
  for (const flag of sorted) {
    const group = flag.shared === null ? null : `${flag.rule}\u0000${flag.shared.kind}\u0000${flag.shared.key}`;
    const known = group === null ? undefined : grouped.get(group);
    if (known) {
      known.flags.push(flag);
      continue;
    }
    const finding: Finding = { rule: flag.rule, severity: flag.severity, score: flag.score, shared: flag.shared, flags: [flag] };
    if (group !== null) grouped.set(group, finding);
    findings.push(finding);
  }
  const label = (f: Finding) => (f.shared !== null ? f.shared.key : recordText((f.flags[0] as Flag).record));
  return findings.sort(
    (a, b) =>
      severityRank(a.severity) - severityRank(b.severity) || byRule(a.rule, b.rule) || b.score - a.score || byText(label(a), label(b)),
  );
}

/** Flags and findings per severity and rule, most severe first, then by rule; rules that gave nothing are left out. */
export function countFlags(findings: readonly Finding[]): FlagCount[] {
  const counts: FlagCount[] = [];
  for (const finding of findings) {
    const last = counts.at(-1);
    if (last && last.rule === finding.rule && last.severity === finding.severity) {
      last.flags += finding.flags.length;
      last.findings += 1;
    } else counts.push({ severity: finding.severity, rule: finding.rule, flags: finding.flags.length, findings: 1 });
  }
  return counts;
}

/** `ООО "Ромашка" (company:7701234567)`; `domain:example.ru` when the name is the key; `company#12` without a key. */
export function recordLabel(r: FlagRecord): string {
  const ref = r.key !== null ? `${r.kind}:${r.key}` : `${r.kind}#${r.id ?? '?'}`;
  return r.name !== null && r.name !== r.key ? `${r.name} (${ref})` : ref;
}

/** The flag's identity in the graph: one per rule and record. */
export function flagUid(rule: string, record: Pick<FlagRecord, 'kind' | 'id' | 'key'>): string {
  return `${rule}|${record.kind}${record.id !== null ? `#${record.id}` : `:${record.key ?? ''}`}`;
}
