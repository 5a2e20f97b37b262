import { z } from 'zod';
import { LandingGraphError, quoteValue } from '../errors.js';
import { type Candidate, type Evidence, MAX_EVIDENCE, RULES, type Rule, SIDE_KINDS, type Side } from './model.js';
import { ordered, pairId } from './pair.js';

/**
 * The decision file: JSON Lines, one pair a line, as `resolve --out FILE` writes it:
 * {"pairId":"pair-…","decision":"pending","rule":"company-name-address","score":0.9,"a":{…},"b":{…},"evidence":[…],"by":null,"note":null}
 * The analyst sets `decision` to "accept" or "reject" (and may fill `by`, `note`); a line may be added by hand
 * with rule "manual". The whole file is checked before anything is written: the first bad line is a one-line
 * CONFIG_INVALID error naming the line, the field and the value. Pure.
 */

export const DECISIONS = ['pending', 'accept', 'reject'] as const;
export type DecisionValue = (typeof DECISIONS)[number];

export interface Decision {
  /** 1-based line of the file. */
  line: number;
  pairId: string;
  decision: DecisionValue;
  rule: Rule;
  score: number | null;
  /** In canonical order (sideRef of `a` sorts first), whatever the file says. */
  a: Side;
  b: Side;
  evidence: Evidence[];
  by: string | null;
  note: string | null;
}

const text = (max: number) => z.string().max(max, { error: `longer than ${max} characters` });

const sideSchema = z
  .strictObject({
    kind: z.enum(SIDE_KINDS, { error: `must be one of ${SIDE_KINDS.map((k) => `"${k}"`).join(', ')}` }),
    id: z.number({ error: 'must be a whole number or null' }).int({ error: 'must be a whole number or null' }).min(0).nullable(),
    key: text(300).min(1, { error: 'must not be empty' }).nullable(),
    name: text(1000).nullable().optional(),
  })
  .refine((s) => s.key !== null || (s.id !== null && s.kind !== 'person'), {
    error: 'needs a key (a person always; a company unless it has an id)',
  });

const lineSchema = z.strictObject({
  pairId: z.string().regex(/^pair-[0-9a-f]{16}$/, { error: 'must be "pair-" and 16 hex digits' }),
  decision: z.enum(DECISIONS, { error: 'must be "accept", "reject" or "pending"' }),
  rule: z.enum(RULES, { error: `must be one of ${RULES.join(', ')}` }),
  score: z
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, { error: 'must be a number from 0 to 1' })
    .max(1, { error: 'must be a number from 0 to 1' })
    .nullable()
    .optional(),
  a: sideSchema,
  b: sideSchema,
  evidence: z
    .array(z.strictObject({ kind: text(100), value: text(2000) }))
    .max(MAX_EVIDENCE)
    .optional(),
  by: text(200).nullable().optional(),
  note: text(2000).nullable().optional(),
});

function invalid(file: string, line: number, message: string): LandingGraphError {
  return new LandingGraphError('CONFIG_INVALID', `${file} line ${line}: ${message}`, { details: { file, line } });
}

/** Parse a decision file's text (all or nothing). `file` names it in errors. */
export function parseDecisions(content: string, file: string): Decision[] {
  const decisions: Decision[] = [];
  const lines = new Map<string, number>();
  content.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw invalid(file, line, `not a JSON object: ${quoteValue(raw.trim(), 60)}`);
    }
    const parsed = lineSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.map(String) ?? [];
      const unknown = issue?.code === 'unrecognized_keys' ? issue.keys : [];
      const field = [...path, ...unknown.slice(0, 1)].join('.') || '(line)';
      const value = unknown.length > 0 ? undefined : valueAt(json, path);
      const shown = value === undefined ? '' : ` (got ${quoteValue(value, 60)})`;
      const message = unknown.length > 0 ? 'is not a field of a decision' : (issue?.message ?? 'invalid');
      throw invalid(file, line, `${field}: ${message}${shown}`);
    }
    const d = parsed.data;
    const [a, b] = ordered(side(d.a), side(d.b));
    const expected = pairId(a, b);
    if (d.pairId !== expected) throw invalid(file, line, `pairId: ${quoteValue(d.pairId)} is not the id of sides a and b (${expected})`);
    const earlier = lines.get(d.pairId);
    if (earlier !== undefined) throw invalid(file, line, `pairId: ${quoteValue(d.pairId)} is decided on line ${earlier} already`);
    lines.set(d.pairId, line);
    decisions.push({
      line,
      pairId: d.pairId,
      decision: d.decision,
      rule: d.rule,
      score: d.score ?? null,
      a,
      b,
      evidence: d.evidence ?? [],
      by: d.by ?? null,
      note: d.note ?? null,
    });
  });
  return decisions;
}

function side(s: z.infer<typeof sideSchema>): Side {
  return { kind: s.kind, id: s.id, key: s.key, name: s.name ?? null };
}

function valueAt(json: unknown, path: readonly string[]): unknown {
  let at: unknown = json;
  for (const p of path) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[p] : undefined;
  return at;
}

/** One line of the decision file for a candidate, `decision: "pending"`. */
export function candidateLine(c: Candidate): string {
  return JSON.stringify({
    pairId: c.pairId,
    decision: 'pending',
    rule: c.rule,
    score: c.score,
    a: c.a,
    b: c.b,
    evidence: c.evidence,
    by: null,
    note: null,
  });
}

/**
 * The file with the candidates it does not hold yet appended as pending lines; the lines it holds are kept as
 * written (the analyst's decisions and notes). `existing` is checked first (a bad file changes nothing).
 */
export function mergeCandidates(existing: string, file: string, candidates: readonly Candidate[]): { content: string; added: number } {
  const known = new Set(parseDecisions(existing, file).map((d) => d.pairId));
  const fresh = candidates.filter((c) => !known.has(c.pairId)).map(candidateLine);
  const kept = existing.replace(/\s+$/, '');
  const content = [kept, ...fresh].filter((l) => l !== '').join('\n');
  return { content: content === '' ? '' : `${content}\n`, added: fresh.length };
}
