import { describe, expect, it } from 'vitest';
import { isLandingGraphError } from '../../src/errors.js';
import { candidateLine, mergeCandidates, parseDecisionLines, parseDecisions, settleDecisions } from '../../src/resolve/decisions.js';
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

const named = (sides: Record<string, Side[]>) => new Map(Object.entries(sides));

/** The message of the CONFIG_INVALID error reading `content` (its references naming `sides`) throws. */
function errorOf(content: string, sides: Record<string, Side[]> = {}): string {
  try {
    settleDecisions(parseDecisionLines(content, 'decisions.jsonl'), 'decisions.jsonl', named(sides));
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
      /^decisions\.jsonl line 1: pairId: "pair-[0-9a-f]{16}" is not the id of sides a and b \(pair-[0-9a-f]{16}\); leave it out or write pair-[0-9a-f]{16}$/,
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

describe('a pair written by hand', () => {
  const person: Side = { kind: 'person', id: null, key: 'inn:770412345678', name: 'Иванова Мария Петровна' };
  const settle = (content: string, sides: Record<string, Side[]>) =>
    settleDecisions(parseDecisionLines(content, 'decisions.jsonl'), 'decisions.jsonl', named(sides));

  it('takes the keys resolve shows, without pair id or rule: the id is computed, the rule is manual', () => {
    const content = '{"a":"company:7701000001","b":" company 1027700000002 ","decision":"accept","note":"одна фирма"}\n';
    const lines = parseDecisionLines(content, 'decisions.jsonl');
    expect(lines[0]).toMatchObject({
      pairId: null,
      rule: 'manual',
      a: { text: 'company:7701000001', reference: { kind: 'company', by: 'number', value: '7701000001' } },
      b: { text: 'company 1027700000002', reference: { kind: 'company', by: 'number', value: '1027700000002' } },
    });
    const [d] = settle(content, { 'company:7701000001': [a], 'company 1027700000002': [b] });
    // The same pair id as resolve's candidate for the two nodes, sides in canonical order.
    expect(d).toMatchObject({
      line: 1,
      pairId: candidate.pairId,
      decision: 'accept',
      rule: 'manual',
      score: null,
      a: b,
      b: a,
      note: 'одна фирма',
    });
    // A pair id, when written, must be that id.
    const withId = `{"pairId":"${candidate.pairId}","a":"company:7701000001","b":"company 1027700000002","decision":"reject"}`;
    expect(settle(withId, { 'company:7701000001': [a], 'company 1027700000002': [b] })[0]?.decision).toBe('reject');
  });

  it('takes side objects without id or key fields, and mixes them with references', () => {
    const content = `{"a":{"kind":"company","key":"7701000001"},"b":"person:inn:770412345678","decision":"accept","rule":"manual"}`;
    const [d] = settle(content, { 'person:inn:770412345678': [person] });
    expect(d?.a).toEqual({ kind: 'company', id: null, key: '7701000001', name: null });
    expect(d?.b).toEqual(person);
    expect(d?.pairId).toBe(pairId(a, person));
  });

  it('refuses a reference naming no node, or several, with one line naming the value and what to write', () => {
    const content = '{"a":"company:7701000001","b":"company:7707083899","decision":"accept"}';
    expect(errorOf(content, { 'company:7701000001': [a] })).toBe(
      'decisions.jsonl line 1: b: "company:7707083899" names no company in the graph: write company:<INN or OGRN>, company#<page number> or company:<name> (as resolve or query shows them)',
    );
    const namesakes: Side[] = [
      person,
      { kind: 'person', id: null, key: 'name:иванова мария петровна@company#30001', name: 'ИВАНОВА Мария Петровна' },
    ];
    expect(
      errorOf('{"a":"person:Иванова Мария Петровна","b":"company:7701000001","decision":"accept"}', {
        'company:7701000001': [a],
        'person:Иванова Мария Петровна': namesakes,
      }),
    ).toBe(
      'decisions.jsonl line 1: a: "person:Иванова Мария Петровна" names 2 persons: person:inn:770412345678 "Иванова Мария Петровна", person:name:иванова мария петровна@company#30001 "ИВАНОВА Мария Петровна"; write the one meant by its key',
    );
  });

  it('refuses a side it cannot read, the same node twice and a pair decided twice', () => {
    expect(errorOf('{"a":"7707083893","b":"company:7701000001","decision":"accept"}')).toBe(
      'decisions.jsonl line 1: a: "7707083893" names no kind: write "company:7707083893"',
    );
    expect(errorOf('{"a":"770412345678","b":"company:7701000001","decision":"accept"}')).toBe(
      'decisions.jsonl line 1: a: "770412345678" names no kind: write "person:inn:770412345678" (a person) or "company:770412345678" (an individual entrepreneur)',
    );
    expect(errorOf('{"a":"company:12345","b":"company:7701000001","decision":"accept"}')).toBe(
      'decisions.jsonl line 1: a: "company:12345" is no INN (10 or 12 digits) or OGRN (13 or 15 digits)',
    );
    expect(errorOf('{"a":"domain:example.com","b":"company:7701000001","decision":"accept"}')).toMatch(
      /^decisions\.jsonl line 1: a: "domain:example\.com" names no kind: write company:<INN or OGRN>, /,
    );
    expect(errorOf('{"a":42,"b":"company:7701000001","decision":"accept"}')).toBe(
      'decisions.jsonl line 1: a: must be a key such as "company:7707083893" or a side object (got "42")',
    );
    const sides = { 'company:7701000001': [a], 'company#1': [a], 'company:1027700000002': [b] };
    expect(errorOf('{"a":"company:7701000001","b":"company#1","decision":"accept"}', sides)).toBe(
      'decisions.jsonl line 1: a, b: both name "company:7701000001"; a pair is two nodes',
    );
    const twice = `{"a":"company:7701000001","b":"company:1027700000002","decision":"accept"}\n${line()}\n`;
    expect(errorOf(twice, sides)).toBe(`decisions.jsonl line 2: pairId: "${candidate.pairId}" is decided on line 1 already`);
    const reversed = `${line()}\n{"a":"company:1027700000002","b":"company#1","decision":"reject"}\n`;
    expect(errorOf(reversed, sides)).toBe(
      `decisions.jsonl line 2: a, b: the pair "company:1027700000002 / company:7701000001" (${candidate.pairId}) is decided on line 1 already`,
    );
  });

  it('a hostile reference stays one quoted line', () => {
    const message = errorOf(JSON.stringify({ a: `company:ООО "x"\n'}) DETACH DELETE n //`, b: 'company:7701000001', decision: 'accept' }), {
      'company:7701000001': [a],
    });
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('names no company in the graph');
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
    const merged = mergeCandidates(edited, parseDecisions(edited, 'f'), [candidate, other]);
    expect(merged.added).toBe(1);
    expect(merged.content.startsWith(edited)).toBe(true);
    const decisions = parseDecisions(merged.content, 'f');
    expect(decisions.map((d) => d.decision)).toEqual(['reject', 'pending']);
    expect(mergeCandidates(merged.content, decisions, [candidate, other])).toEqual({ content: merged.content, added: 0 });
    expect(mergeCandidates('', [], [])).toEqual({ content: '', added: 0 });
  });

  it('a pair written by hand is held: its candidate is not added again', () => {
    const hand = `{"a":"company:7701000001","b":"company:1027700000002","decision":"accept"}\n`;
    const known = settleDecisions(parseDecisionLines(hand, 'f'), 'f', named({ 'company:7701000001': [a], 'company:1027700000002': [b] }));
    expect(mergeCandidates(hand, known, [candidate])).toEqual({ content: hand, added: 0 });
  });
});
