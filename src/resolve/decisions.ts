import { z } from 'zod';
import { LandingGraphError, quoteValue } from '../errors.js';
import { type Candidate, type Evidence, MAX_EVIDENCE, RULES, type Rule, SIDE_KINDS, type Side } from './model.js';
import { ordered, pairId, sideRef } from './pair.js';
import { parseReference, type Reference, referenceProblem } from './references.js';

/**
 * The decision file: JSON Lines, one pair a line, as `resolve --out FILE` writes it:
 * {"pairId":"pair-…","decision":"pending","rule":"company-name-address","score":0.9,"a":{…},"b":{…},"evidence":[…],"by":null,"note":null}
 * The analyst sets `decision` to "accept" or "reject" (and may fill `by`, `note`). A pair may be added by hand
 * with its sides as the analyst has them (references.ts), pair id and rule left out (rule "manual"):
 * {"a":"company:7707083893","b":"company:7707083894","decision":"accept","note":"…"}
 * The whole file is checked before anything is written: the first bad line is a one-line CONFIG_INVALID error
 * naming the line, the field and the value. parseDecisionLines checks what needs no graph; settleDecisions,
 * given the nodes the references name (reference-store.ts), the rest. Pure.
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

/** A side as the file gives it: a side object (as `--out` writes it), or a reference written by hand. */
export type SideInput = { side: Side } | { text: string; reference: Reference };

/** A line of the file before its references are looked up: `pairId` null when the line gives none. */
export interface DecisionLine extends Omit<Decision, 'pairId' | 'a' | 'b'> {
  pairId: string | null;
  a: SideInput;
  b: SideInput;
}

const text = (max: number) => z.string().max(max, { error: `longer than ${max} characters` });

const sideSchema = z
  .strictObject({
    kind: z.enum(SIDE_KINDS, { error: `must be one of ${SIDE_KINDS.map((k) => `"${k}"`).join(', ')}` }),
    id: z.number({ error: 'must be a whole number or null' }).int({ error: 'must be a whole number or null' }).min(0).nullable().optional(),
    key: text(300).min(1, { error: 'must not be empty' }).nullable().optional(),
    name: text(1000).nullable().optional(),
  })
  .refine((s) => (s.key ?? null) !== null || ((s.id ?? null) !== null && s.kind !== 'person'), {
    error: 'needs a key (a person always; a company unless it has an id)',
  });

/** A side: a reference (a string, parsed in sideInput) or a side object. */
const sideField = z.union([text(1000), sideSchema], { error: 'must be a key such as "company:7707083893" or a side object' });

const lineSchema = z.strictObject({
  pairId: z
    .string()
    .regex(/^pair-[0-9a-f]{16}$/, { error: 'must be "pair-" and 16 hex digits' })
    .optional(),
  decision: z.enum(DECISIONS, { error: 'must be "accept", "reject" or "pending"' }),
  rule: z.enum(RULES, { error: `must be one of ${RULES.join(', ')}` }).optional(),
  score: z
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, { error: 'must be a number from 0 to 1' })
    .max(1, { error: 'must be a number from 0 to 1' })
    .nullable()
    .optional(),
  a: sideField,
  b: sideField,
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

/** The first issue of a failed parse as `field: message (got value)`. */
function issueText(error: z.ZodError, json: unknown, prefix: readonly string[] = []): string {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path.map(String) ?? [])];
  const unknown = issue?.code === 'unrecognized_keys' ? issue.keys : [];
  const field = [...path, ...unknown.slice(0, 1)].join('.') || '(line)';
  const value = unknown.length > 0 ? undefined : valueAt(json, path);
  const shown = value === undefined ? '' : ` (got ${quoteValue(value, 60)})`;
  const message = unknown.length > 0 ? 'is not a field of a decision' : (issue?.message ?? 'invalid');
  return `${field}: ${message}${shown}`;
}

/** The lines of a decision file's text, checked as far as they can be without the graph (all or nothing). */
export function parseDecisionLines(content: string, file: string): DecisionLine[] {
  const out: DecisionLine[] = [];
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
      // A side object's own issue names its field (a.kind), not the union of a string and an object.
      const side = parsed.error.issues[0]?.path[0];
      const value = side === 'a' || side === 'b' ? (json as Record<string, unknown>)[side] : undefined;
      const inner = value !== null && typeof value === 'object' ? sideSchema.safeParse(value) : undefined;
      throw invalid(file, line, inner?.success === false ? issueText(inner.error, json, [side as string]) : issueText(parsed.error, json));
    }
    const d = parsed.data;
    const sideInput = (field: 'a' | 'b', value: string | z.infer<typeof sideSchema>): SideInput => {
      if (typeof value !== 'string')
        return { side: { kind: value.kind, id: value.id ?? null, key: value.key ?? null, name: value.name ?? null } };
      const ref = parseReference(value);
      if (!ref.ok) throw invalid(file, line, `${field}: ${quoteValue(value, 60)} ${ref.message}`);
      return { text: value.trim(), reference: ref.reference };
    };
    out.push({
      line,
      pairId: d.pairId ?? null,
      decision: d.decision,
      rule: d.rule ?? 'manual',
      score: d.score ?? null,
      a: sideInput('a', d.a),
      b: sideInput('b', d.b),
      evidence: d.evidence ?? [],
      by: d.by ?? null,
      note: d.note ?? null,
    });
  });
  return out;
}

/** The references of parsed lines (what reference-store.ts looks up), each text once. */
export function referencesOf(lines: readonly DecisionLine[]): { text: string; reference: Reference }[] {
  const found = new Map<string, Reference>();
  for (const l of lines) for (const s of [l.a, l.b]) if ('reference' in s) found.set(s.text, s.reference);
  return [...found].map(([text, reference]) => ({ text, reference }));
}

/**
 * The decisions of parsed lines, given the sides each reference names (`named`, by its text): a reference must
 * name one node; the two sides must differ; a given pairId must be the id of its sides; a pair is decided once.
 */
export function settleDecisions(lines: readonly DecisionLine[], file: string, named: ReadonlyMap<string, readonly Side[]>): Decision[] {
  const decisions: Decision[] = [];
  const seen = new Map<string, number>();
  for (const l of lines) {
    const settle = (field: 'a' | 'b', input: SideInput): Side => {
      if ('side' in input) return input.side;
      const sides = named.get(input.text) ?? [];
      const problem = referenceProblem(input.text, input.reference, sides);
      if (problem !== undefined) throw invalid(file, l.line, `${field}: ${problem}`);
      return sides[0] as Side;
    };
    const [a, b] = ordered(settle('a', l.a), settle('b', l.b));
    if (sideRef(a) === sideRef(b)) throw invalid(file, l.line, `a, b: both name ${quoteValue(sideRef(a))}; a pair is two nodes`);
    const id = pairId(a, b);
    if (l.pairId !== null && l.pairId !== id)
      throw invalid(file, l.line, `pairId: ${quoteValue(l.pairId)} is not the id of sides a and b (${id}); leave it out or write ${id}`);
    const earlier = seen.get(id);
    if (earlier !== undefined) {
      const what =
        l.pairId !== null ? `pairId: ${quoteValue(id)}` : `a, b: the pair ${quoteValue(`${sideRef(a)} / ${sideRef(b)}`)} (${id})`;
      throw invalid(file, l.line, `${what} is decided on line ${earlier} already`);
    }
    seen.set(id, l.line);
    decisions.push({ ...l, pairId: id, a, b });
  }
  return decisions;
}

/** Parse a decision file's text whose sides are all side objects or name no node (all or nothing): no graph. */
export function parseDecisions(content: string, file: string): Decision[] {
  return settleDecisions(parseDecisionLines(content, file), file, new Map());
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
 * The file with the candidates it does not hold yet appended as pending lines; the lines it holds (`known`, its
 * settled decisions) are kept as written: the analyst's decisions, notes and hand-written pairs.
 */
export function mergeCandidates(
  existing: string,
  known: readonly Decision[],
  candidates: readonly Candidate[],
): { content: string; added: number } {
  const held = new Set(known.map((d) => d.pairId));
  const fresh = candidates.filter((c) => !held.has(c.pairId)).map(candidateLine);
  const kept = existing.replace(/\s+$/, '');
  const content = [kept, ...fresh].filter((l) => l !== '').join('\n');
  return { content: content === '' ? '' : `${content}\n`, added: fresh.length };
}
