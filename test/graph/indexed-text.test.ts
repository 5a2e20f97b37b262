import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_INDEXED_CHARS, normalizeKey } from '../../src/api/keys.js';
import { cutIndexedProperties, cutToIndex, INDEXED_RECORD_PROPERTIES } from '../../src/graph/indexed-text.js';

describe('texts cut to what an index holds', () => {
  it('keeps a text up to the bound and cuts a longer one to the bound, ending in an ellipsis', () => {
    const fits = 'а'.repeat(MAX_INDEXED_CHARS);
    expect(cutToIndex(fits)).toBe(fits);
    const cut = cutToIndex(`${fits}б`);
    expect(cut).toHaveLength(MAX_INDEXED_CHARS);
    expect(cut).toBe(`${'а'.repeat(MAX_INDEXED_CHARS - 1)}…`);
    // 2,000 UTF-16 units are at most 6,000 bytes of UTF-8, within the 8,167 a range index holds.
    expect(Buffer.byteLength('\uffff'.repeat(MAX_INDEXED_CHARS))).toBeLessThan(8_167);
  });

  it('never cuts inside a surrogate pair', () => {
    const cut = cutToIndex(`${'a'.repeat(MAX_INDEXED_CHARS - 2)}🚀🚀🚀`);
    expect(cut).toBe(`${'a'.repeat(MAX_INDEXED_CHARS - 2)}…`);
    expect(cutToIndex(`${'a'.repeat(MAX_INDEXED_CHARS - 3)}🚀🚀`)).toBe(`${'a'.repeat(MAX_INDEXED_CHARS - 3)}🚀…`);
  });

  it('cuts only the indexed properties', () => {
    const long = 'x'.repeat(MAX_INDEXED_CHARS + 5);
    const props = { registrantOrganization: long, description: long, employees: 3 };
    expect(cutIndexedProperties(props)).toEqual({ registrantOrganization: cutToIndex(long), description: long, employees: 3 });
    expect(cutIndexedProperties({ title: 'short' })).toEqual({ title: 'short' });
  });

  it('a key longer than an index holds names nothing', () => {
    expect(normalizeKey('domain', `${'a'.repeat(MAX_INDEXED_CHARS)}.ru`)).toBeUndefined();
    expect(normalizeKey('domain', 'Lavka-Chaya.RU')).toBe('lavka-chaya.ru');
  });

  it('every text the schema indexes on a record is cut or is a key the program makes', () => {
    const schema = readFileSync(path.resolve(import.meta.dirname, '../../cypher/schema.cypher'), 'utf8');
    const records = /FOR \(n:(?:Landing|Domain|Company|Email|Phone|Branch)\) (?:REQUIRE|ON) \(([^)]+)\)/g;
    const indexed = new Set([...schema.matchAll(records)].flatMap((m) => m[1]!.split(',').map((p) => p.trim().replace(/^n\./, ''))));
    // Made by the program, not served: kinds, page numbers, statuses, times, normalized keys (normalizeKey's bound).
    // The lower-case copy of a cut title: at most twice its length (toLower spells one letter, İ, with two), in a
    // text index, which holds longer values than a range index.
    const made = ['kind', 'id', 'key', 'status', 'firstFetchedAt', 'changedAt', 'goneAt', 'backAt', 'keyConflict', 'hub', 'titleLower'];
    expect([...indexed].filter((p) => !made.includes(p) && !(INDEXED_RECORD_PROPERTIES as readonly string[]).includes(p))).toEqual([]);
    expect(indexed).toContain('registrantOrganization');
  });
});
