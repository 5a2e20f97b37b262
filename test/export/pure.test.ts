import { describe, expect, it } from 'vitest';
import { cleanUri, elementKeyOf } from '../../src/export/index.js';
import { columnsOf } from '../../src/export/columns.js';
import { cypherName, cypherString, escapeMarkup, jsonForScript } from '../../src/render/escape.js';
import type { TypedValue } from '../../src/export/model.js';
import { literal } from '../../src/export/writers/cypher.js';

const s = (value: string): TypedValue => ({ type: 'string', list: false, value });

describe('export escaping and typing (pure)', () => {
  it('cypherString: one single-quoted line whatever the text; quotes, backslashes and controls escaped', () => {
    expect(cypherString("'}) DETACH DELETE n //")).toBe("'\\'}) DETACH DELETE n //'");
    expect(cypherString('a\\b\\u0027c')).toBe("'a\\\\b\\\\u0027c'");
    expect(cypherString('line\nbreak\r\ttab\u0001\u2028')).toBe("'line\\nbreak\\r\\ttab\\u0001\\u2028'");
    expect(cypherString('Ракета 🚀 "ёлочки"')).toBe('\'Ракета 🚀 "ёлочки"\'');
    expect(cypherString('lone \uD800 surrogate')).toBe("'lone \\uD800 surrogate'");
    // No quote ends the literal early: every ' inside is preceded by an odd run of backslashes.
    for (const text of ["\\'", "\\\\'", "'\\", '\\']) {
      const body = cypherString(text).slice(1, -1);
      expect(body.replace(/\\\\/g, '').replace(/\\'/g, '')).not.toContain("'");
    }
  });

  it('cypherName: identifiers as they are, others in backticks, backslashes refused', () => {
    expect(cypherName('dnsA')).toBe('dnsA');
    expect(cypherName('odd name`x')).toBe('`odd name``x`');
    expect(() => cypherName('a\\u0060')).toThrow(/plain identifiers/);
  });

  it('escapeMarkup: markup characters as entities, XML-illegal characters as U+FFFD, the rest kept', () => {
    expect(escapeMarkup(`<script>alert(1)</script> & "x" 'y'`)).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot; &#39;y&#39;',
    );
    expect(escapeMarkup('a\u0001b\uFFFEc\uDC00d')).toBe('a\uFFFDb\uFFFDc\uFFFDd');
    expect(escapeMarkup('tab\tnl\n\u0085\u2028')).toBe('tab&#x9;nl&#xA;&#x85;&#x2028;');
    expect(escapeMarkup('Ракета 🚀👍🏽 ]]>')).toBe('Ракета 🚀👍🏽 ]]&gt;');
  });

  it('jsonForScript: no </script> or <!-- can appear in the embedded JSON', () => {
    const text = jsonForScript({ t: '</script><!--<script>' });
    expect(text).not.toMatch(/<|>/);
    expect(JSON.parse(text)).toEqual({ t: '</script><!--<script>' });
  });

  it('literal: floats keep a point, temporal values go through their functions, lists in brackets', () => {
    expect(literal({ type: 'double', list: false, value: 4 })).toBe('4.0');
    expect(literal({ type: 'double', list: false, value: 1e21 })).toBe('1e21');
    expect(literal({ type: 'long', list: false, value: 2000000001 })).toBe('2000000001');
    expect(literal({ type: 'datetime', list: false, value: '2026-11-21T12:00:00Z' })).toBe("datetime('2026-11-21T12:00:00Z')");
    expect(literal({ type: 'string', list: true, value: ["a'b", 'c'] })).toBe("['a\\'b', 'c']");
  });

  it('cleanUri drops userinfo, query and fragment', () => {
    expect(cleanUri('neo4j+s://user:p%40ss@db.example.io:7687/?token=x#f')).toBe('neo4j+s://db.example.io:7687/');
    expect(cleanUri('bolt://neo4j:secret@127.0.0.1:7687')).toBe('bolt://127.0.0.1:7687');
    expect(cleanUri('not a uri')).toBeNull();
  });

  it('columnsOf widens long and double to double, mixes to string, scalars and lists to lists', () => {
    const columns = columnsOf([
      { n: { type: 'long', list: false, value: 1 }, m: s('x'), l: { type: 'string', list: true, value: [] } },
      {
        n: { type: 'double', list: false, value: 1.5 },
        m: { type: 'long', list: false, value: 2 },
        l: { type: 'string', list: false, value: 'y' },
      },
    ]);
    expect(columns).toEqual([
      { name: 'l', type: 'string', list: true },
      { name: 'm', type: 'string', list: false },
      { name: 'n', type: 'double', list: false },
    ]);
  });

  it('elementKeyOf: Landing by id, else by key; Pivot by kind and key', () => {
    const long = (value: number): TypedValue => ({ type: 'long', list: false, value });
    expect(elementKeyOf(['Domain', 'Landing'], { kind: s('domain'), id: long(42), key: s('a.ru') }, 'x')).toBe('domain#42');
    expect(elementKeyOf(['Email', 'Landing'], { kind: s('email'), key: s("o'r@a.ru") }, 'x')).toBe("email:o'r@a.ru");
    expect(elementKeyOf(['IP', 'Pivot'], { kind: s('ip'), key: s('1.2.3.4') }, 'x')).toBe('pivot:ip:1.2.3.4');
    expect(elementKeyOf(['Other'], {}, '4:abc:1')).toBe('element:4:abc:1');
  });
});
