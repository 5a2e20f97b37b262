import { describe, expect, it } from 'vitest';
import { isCompleteJson } from '../../src/client/json-complete.js';

const record = JSON.stringify({
  id: 7,
  title: 'ООО «Ромашка» "}{][" \\ 🙂',
  escaped: 'a\\"}b',
  lists: [[], [{ a: [1, 2, { b: '[' }] }], {}],
  href: "'}) DETACH DELETE n //",
});

describe('isCompleteJson', () => {
  it('accepts whole objects and arrays, with white space around', () => {
    expect(isCompleteJson(record)).toBe(true);
    expect(isCompleteJson(` \n\t${JSON.stringify(JSON.parse(record), null, 2)}\r\n `)).toBe(true);
    expect(isCompleteJson('[]')).toBe(true);
    expect(isCompleteJson('{}')).toBe(true);
  });

  it('refuses every prefix of a record: a body cut short anywhere is retried', () => {
    for (let end = 0; end < record.length; end++) expect(isCompleteJson(record.slice(0, end)), record.slice(0, end)).toBe(false);
  });

  it('refuses what is not one object or array', () => {
    for (const text of ['', '   ', '7', '"text"', 'null', '<html>{}</html>', '{}{}', '{} x', '}{', '{"a":"}', '{"a":"\\"}']) {
      expect(isCompleteJson(text), text).toBe(false);
    }
  });
});
