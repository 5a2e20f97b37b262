/**
 * Valid records of every kind come back exactly as they went in: full records, null and absent blocks
 * and fields, unknown fields at any depth, hostile text.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LANDING_KINDS, RELATION_LISTS, type LandingKind } from '../../../src/api/kinds.js';
import { parseLandingRecord, schemaOf } from '../../../src/api/schemas/index.js';
import { blockFields, fullRecord, type Json } from './records.js';

function expectRoundTrip(kind: LandingKind, record: unknown): void {
  const text = JSON.stringify(record);
  const parsed = parseLandingRecord(kind, record);
  expect(parsed).toEqual(record);
  expect(JSON.stringify(parsed)).toBe(text);
  // zod's own output (declared fields first) holds the same data: the schema drops and changes nothing.
  expect(schemaOf(kind).parse(record)).toStrictEqual(JSON.parse(text));
}

const RELATION_FIELDS = new Set<string>(RELATION_LISTS.map((list) => list.field));

/**
 * Walks a value along its schema and lists the declared fields the value lacks and the fields it has
 * that the schema does not declare. Relation list entries are records of their own and not walked.
 */
function coverage(schema: z.core.$ZodType, value: unknown, at = ''): { missing: string[]; undeclared: string[] } {
  const out = { missing: [] as string[], undeclared: [] as string[] };
  const def = schema._zod.def as unknown as Record<string, z.core.$ZodType & Record<string, unknown>>;
  const type = schema._zod.def.type;
  const add = (more: ReturnType<typeof coverage>) => {
    out.missing.push(...more.missing);
    out.undeclared.push(...more.undeclared);
  };
  if ((type === 'optional' || type === 'nullable') && value !== null && value !== undefined) add(coverage(def.innerType!, value, at));
  if (type === 'array' && Array.isArray(value)) for (const [i, item] of value.entries()) add(coverage(def.element!, item, `${at}[${i}]`));
  if (type === 'record' && typeof value === 'object' && value)
    for (const [key, item] of Object.entries(value)) add(coverage(def.valueType!, item, `${at}.${key}`));
  if (type === 'object' && typeof value === 'object' && value) {
    const shape = def.shape as unknown as Record<string, z.core.$ZodType>;
    const declared = Object.keys(shape);
    for (const key of declared) {
      if (!(key in value)) out.missing.push(`${at}.${key}`);
      else if (!RELATION_FIELDS.has(key)) add(coverage(shape[key]!, (value as Json)[key], `${at}.${key}`));
    }
    // An empty shape is an unpublished type (SearchTag, Point): whatever it holds is expected.
    if (declared.length > 0) for (const key of Object.keys(value)) if (!declared.includes(key)) out.undeclared.push(`${at}.${key}`);
  }
  return out;
}

describe.each(LANDING_KINDS)('a %s record', (kind) => {
  it('with every block and field filled parses to itself', () => {
    expectRoundTrip(kind, fullRecord(kind));
  });

  it('fixture fills every declared field and holds no undeclared one', () => {
    expect(coverage(schemaOf(kind), fullRecord(kind))).toEqual({ missing: [], undeclared: [] });
  });

  it('with every block and relation list null parses to itself', () => {
    const record = fullRecord(kind);
    for (const key of [...blockFields(record), 'title', 'href', 'provider', 'searchTags']) record[key] = null;
    expectRoundTrip(kind, record);
  });

  it('with only an id parses to itself', () => {
    expectRoundTrip(kind, { id: 0 });
  });

  it('with every field inside every block null, then absent, parses to itself', () => {
    const nulled = fullRecord(kind);
    const emptied = fullRecord(kind);
    for (const key of blockFields(nulled)) {
      const block = nulled[key];
      if (Array.isArray(block) || typeof block !== 'object' || block === null) continue;
      for (const field of Object.keys(block)) (block as Json)[field] = null;
      emptied[key] = {};
    }
    expectRoundTrip(kind, nulled);
    expectRoundTrip(kind, emptied);
  });

  it('keeps unknown fields at the top level, in blocks and in list entries', () => {
    const record = fullRecord(kind);
    record.futureField = { nested: [1, 'two', null, { deep: true }] };
    record.relatedDomains = [{ id: 7, title: 'a.ru', unpublished: 'kept', websiteInfo: { url: 'https://a.ru', favicon: 'x.ico' } }];
    record.relatedBranches = [{ id: 8, geo: { lat: 55.75, lon: 37.62 } }, { title: 'a branch without an id' }];
    record.searchTags = [{ name: 'tag', extra: { any: 'shape' } }, {}];
    for (const key of blockFields(record)) {
      const block = record[key];
      if (typeof block === 'object' && block !== null && !Array.isArray(block)) (block as Json).addedLater = ['kept', 2];
    }
    expectRoundTrip(kind, record);
  });

  it('passes hostile, Cyrillic and emoji text through verbatim', () => {
    const hostile = '\'}) DETACH DELETE n // "; DROP TABLE x; -- Привет, мир 🚀👩‍👩‍👧 \u0000\u2028 <script>';
    const record = fullRecord(kind);
    record.title = hostile;
    record.provider = hostile;
    record[hostile] = hostile;
    record.relatedEmails = [{ id: 1, title: hostile, [hostile]: [hostile] }];
    const parsed = parseLandingRecord(kind, record);
    expect(parsed.title).toBe(hostile);
    expect((parsed as Json)[hostile]).toBe(hostile);
    expectRoundTrip(kind, record);
  });

  it('keeps an own "__proto__" field of the JSON as it is', () => {
    const record = JSON.parse('{"id": 3, "__proto__": {"polluted": true}, "title": "x"}') as Json;
    const parsed = parseLandingRecord(kind, record);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(({} as Json).polluted).toBeUndefined();
    expect(JSON.stringify(parsed)).toBe('{"id":3,"__proto__":{"polluted":true},"title":"x"}');
  });
});

describe('domain record details', () => {
  it('accepts dates as text or as numbers', () => {
    const record = fullRecord('domain');
    (record.whoIs as Json).creationDate = 1426587120000;
    (record.whoIs as Json).changedDate = '2024-06-01';
    expectRoundTrip('domain', record);
  });

  it('keeps numbers as numbers, fractions included', () => {
    const record = fullRecord('domain');
    (record.websiteResponseHeaders as Json).statusCode = 301;
    (record.rating as Json).shopRating = 4.75;
    const parsed = parseLandingRecord('domain', record);
    expect(parsed.websiteResponseHeaders?.statusCode).toBe(301);
    expect(parsed.rating?.shopRating).toBe(4.75);
  });

  it('validates relation lists recursively but lets a kind carry lists of other kinds as unknown fields', () => {
    const email = fullRecord('email');
    email.similarDomains = [{ anything: 'goes' }];
    expectRoundTrip('email', email);
  });
});

describe('company record details', () => {
  it('accepts finance points as objects, numbers or null', () => {
    const record = fullRecord('company');
    record.financeAsset = { balance: { '1600': { '2022': 6600, '2023': { value: 7250, unit: 'тыс. руб.' }, '2024': null } } };
    expectRoundTrip('company', record);
  });

  it('keeps readonlyegistrationDate spelled as published', () => {
    const parsed = parseLandingRecord('company', fullRecord('company'));
    expect(parsed.companyInfo?.readonlyegistrationDate).toBe('2015-03-12T00:00:00Z');
    expect(parsed.companyInfo?.registrationDateString).toBe('12.03.2015');
  });
});
