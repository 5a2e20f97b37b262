import { describe, expect, it } from 'vitest';
import { isLandingGraphError } from '../../src/errors.js';
import { candidateLine, mergeCandidates, parseDecisions } from '../../src/resolve/decisions.js';
import type { Candidate, Side } from '../../src/resolve/model.js';
import { pairId } from '../../src/resolve/pair.js';

const HOSTILE = `ООО "'}) DETACH DELETE n //" «Ёлка» 🎄`;
const a: Side = { kind: 'company', id: 1, key: '7701000001', name: 'ООО "Ромашка"' };
const b: Side = { kind: 'company', id: null, key: '1027700000002', name: HOSTILE };
const candidate: Candidate = {
  pairId: pairId(a, b),
  rule: 'company-name-numbers',
  score: 0.6,
  a: b,
  b: a,
  evidence: [{ kind: 'name', value: 'ромашка' }],
};

const line = (change: (json: Record<string, unknown>) => void = () => {}) => {
  const json = JSON.parse(candidateLine(candidate)) as Record<string, unknown>;
  change(json);
  return JSON.stringify(json);
};

function errorOf(content: string): string {
  try {
    parseDecisions(content, 'decisions.jsonl');
  } catch (error) {
    expect(isLandingGraphError(error, 'CONFIG_INVALID')).toBe(true);
    return (error as Error).message;
  }
  throw new Error('no error');
}

describe('parseDecisions', () => {
  it('reads the lines resolve --out writes, sides in canonical order, hostile names intact', () => {
    const content = `${line((j) => {
      j.decision = 'accept';
      j.by = 'анна';
      j.note = HOSTILE;
    })}\n\n`;
    const [d] = parseDecisions(content, 'decisions.jsonl');
    expect(d).toMatchObject({
      line: 1,
      pairId: candidate.pairId,
      decision: 'accept',
      rule: 'company-name-numbers',
      score: 0.6,
      by: 'анна',
      note: HOSTILE,
    });
    // company:1027700000002 sorts before company:7701000001.
    expect(d?.a).toEqual(b);
    expect(d?.b).toEqual(a);
  });

  it('a pending line round-trips: candidateLine is a valid decision', () => {
    expect(parseDecisions(candidateLine(candidate), 'f')[0]?.decision).toBe('pending');
  });

  it('names the line, the field and the value of a bad line', () => {
    const good = line();
    expect(errorOf(`${good}\n${line((j) => (j.decision = 'acept'))}`)).toBe(
      'decisions.jsonl line 2: decision: must be "accept", "reject" or "pending" (got "acept")',
    );
    expect(errorOf(line((j) => (j.score = 7)))).toBe('decisions.jsonl line 1: score: must be a number from 0 to 1 (got "7")');
    expect(errorOf(line((j) => ((j.a as Record<string, unknown>).kind = 'domain')))).toBe(
      'decisions.jsonl line 1: a.kind: must be one of "company", "person" (got "domain")',
    );
    expect(errorOf(line((j) => (j.decison = 'accept')))).toBe('decisions.jsonl line 1: decison: is not a field of a decision');
    expect(errorOf(`${good}\n{"pairId": `)).toBe('decisions.jsonl line 2: not a JSON object: "{\\"pairId\\":"');
    expect(errorOf(`${good}\n${good}`)).toBe(`decisions.jsonl line 2: pairId: "${candidate.pairId}" is decided on line 1 already`);
    expect(errorOf(line((j) => ((j.b as Record<string, unknown>).key = '7701000009')))).toMatch(
      /^decisions\.jsonl line 1: pairId: "pair-[0-9a-f]{16}" is not the id of sides a and b \(pair-[0-9a-f]{16}\)$/,
    );
    expect(errorOf(line((j) => (j.a = { kind: 'person', id: null, key: null, name: 'x' })))).toMatch(
      /^decisions\.jsonl line 1: a: needs a key/,
    );
  });

  it('a hostile value in an error message stays one quoted line', () => {
    const message = errorOf(line((j) => (j.decision = `accept"\n'}) DETACH DELETE n //`)));
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('DETACH DELETE');
  });
});

describe('mergeCandidates', () => {
  it('keeps the analyst lines as written and appends only new pairs as pending', () => {
    const edited = `${line((j) => (j.decision = 'reject'))}\n`;
    const other: Candidate = {
      ...candidate,
      a: { ...a, key: '7701000003', id: 3 },
      b,
      pairId: pairId({ ...a, key: '7701000003', id: 3 }, b),
    };
    const merged = mergeCandidates(edited, 'f', [candidate, other]);
    expect(merged.added).toBe(1);
    expect(merged.content.startsWith(edited)).toBe(true);
    const decisions = parseDecisions(merged.content, 'f');
    expect(decisions.map((d) => d.decision)).toEqual(['reject', 'pending']);
    expect(mergeCandidates(merged.content, 'f', [candidate, other])).toEqual({ content: merged.content, added: 0 });
    expect(mergeCandidates('', 'f', [])).toEqual({ content: '', added: 0 });
  });

  it('a bad existing file changes nothing', () => {
    expect(() => mergeCandidates('{"x":1}\n', 'f', [candidate])).toThrow(/f line 1/);
  });
});
