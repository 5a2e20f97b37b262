import neo4j from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { displayWidth, formatCsv, formatJson, formatResult, formatTable } from '../../src/query/format.js';
import { toPlain, toText } from '../../src/query/values.js';

const { Node, Relationship, Path, PathSegment, DateTime, Date: Neo4jDate, Duration } = neo4j.types;

const domain = new Node(1, ['Landing', 'Domain'], { key: 'lavka-chaya.ru', title: 'lavka-chaya.ru', id: 1048576 }, 'n1');
const company = new Node(2, ['Landing', 'Company'], { key: '7701234567', title: 'ООО "Лавка чая"' }, 'n2');
const ip = new Node(3, ['Pivot', 'IP'], { key: '185.71.67.12', value: '185.71.67.12' }, 'n3');
const related = new Relationship(10, 1, 2, 'RELATED', { list: 'relatedCompanies' }, 'r10', 'n1', 'n2');
const resolves = new Relationship(11, 1, 3, 'RESOLVES_TO', { via: ['dnsA'] }, 'r11', 'n1', 'n3');
// company <-RELATED- domain -RESOLVES_TO-> ip
const path = new Path(company, ip, [new PathSegment(company, related, domain), new PathSegment(domain, resolves, ip)]);
const startedAt = new DateTime(2026, 11, 20, 10, 0, 0, 0, 0);

describe('values', () => {
  it('renders driver values as cell text', () => {
    expect(toText(null)).toBe('');
    expect(toText(['a', 'b', 3])).toBe('a; b; 3');
    expect(toText([['a', 'b'], 'c'])).toBe('[a; b]; c');
    expect(toText(neo4j.int(42))).toBe('42');
    expect(toText(0.5)).toBe('0.5');
    expect(toText(false)).toBe('false');
    expect(toText(startedAt)).toBe('2026-11-20T10:00:00Z');
    expect(toText(new Neo4jDate(2024, 3, 17))).toBe('2024-03-17');
    expect(toText(new Duration(0, 30, 0, 0))).toBe('P30D');
    expect(toText(new Duration(14, 0, 3725, 500_000_000))).toBe('P1Y2MT1H2M5.5S');
    expect(toText(new Duration(0, 0, 0, 0))).toBe('PT0S');
    expect(toText(domain)).toBe('(:Domain lavka-chaya.ru)');
    expect(toText(company)).toBe('(:Company ООО "Лавка чая")');
    expect(toText(ip)).toBe('(:IP 185.71.67.12)');
    expect(toText(related)).toBe('[:RELATED]');
    expect(toText(path)).toBe('(:Company ООО "Лавка чая")<-[:RELATED]-(:Domain lavka-chaya.ru)-[:RESOLVES_TO]->(:IP 185.71.67.12)');
    expect(toText({ a: 1, b: [startedAt] })).toBe('{"a":1,"b":["2026-11-20T10:00:00Z"]}');
  });

  it('turns driver values into plain JSON data', () => {
    expect(toPlain(neo4j.int('9007199254740993'))).toBe('9007199254740993');
    expect(toPlain(startedAt)).toBe('2026-11-20T10:00:00Z');
    expect(toPlain(Number.NaN)).toBe('NaN');
    expect(toPlain(domain)).toEqual({
      elementId: 'n1',
      labels: ['Landing', 'Domain'],
      properties: { key: 'lavka-chaya.ru', title: 'lavka-chaya.ru', id: 1048576 },
    });
    expect(toPlain(related)).toEqual({
      elementId: 'r10',
      type: 'RELATED',
      start: 'n1',
      end: 'n2',
      properties: { list: 'relatedCompanies' },
    });
    expect(toPlain(path)).toMatchObject({
      nodes: [{ elementId: 'n2' }, { elementId: 'n1' }, { elementId: 'n3' }],
      relationships: [{ type: 'RELATED' }, { type: 'RESOLVES_TO' }],
    });
  });
});

const HOSTILE = ['a,b', 'say "hi"', 'line one\nline two', 'Лавка чая', 'чай 🍵', 'cr\r\nlf', ' padded '];

describe('CSV (RFC 4180)', () => {
  it('quotes fields with commas, quotes and line breaks, doubles quotes, ends lines with CRLF, keeps UTF-8 as is', () => {
    const rows = HOSTILE.map((text, i) => ({ n: i, text, list: [text, 'x'] }));
    expect(formatCsv(['n', 'text', 'list'], rows)).toBe(
      [
        'n,text,list',
        '0,"a,b","a,b; x"',
        '1,"say ""hi""","say ""hi""; x"',
        '2,"line one\nline two","line one\nline two; x"',
        '3,Лавка чая,Лавка чая; x',
        '4,чай 🍵,чай 🍵; x',
        '5,"cr\r\nlf","cr\r\nlf; x"',
        '6, padded , padded ; x',
      ]
        .map((line) => `${line}\r\n`)
        .join(''),
    );
  });

  it('neutralises a site title a spreadsheet would run (a formula), keeps phones readable and numbers numbers', () => {
    const rows = [
      { n: -3, title: '=HYPERLINK("http://evil.example/x","open")', phone: '+79161234567', list: ['@SUM(A1)', 'x'] },
      { n: 7, title: "'}) DETACH DELETE n //", phone: '-', list: [] },
    ];
    expect(formatCsv(['n', 'title', 'phone', 'list'], rows).split('\r\n')).toEqual([
      'n,title,phone,list',
      `-3,"'=HYPERLINK(""http://evil.example/x"",""open"")",'+79161234567,'@SUM(A1); x`,
      `7,'}) DETACH DELETE n //,'-,`,
      '',
    ]);
  });

  it('writes the header even without rows, and empty fields for null', () => {
    expect(formatCsv(['a', 'b,c'], [])).toBe('a,"b,c"\r\n');
    expect(formatCsv(['a', 'b'], [{ a: null, b: startedAt }])).toBe('a,b\r\n,2026-11-20T10:00:00Z\r\n');
  });
});

describe('table', () => {
  it('aligns columns by display width (Cyrillic one, emoji two), right-aligns numbers, cuts long cells', () => {
    const rows = [
      { name: 'чай 🍵', count: 2, items: ['a', 'b'] },
      { name: 'lavka-chaya.ru', count: 10, items: 'x'.repeat(30) },
    ];
    expect(formatTable(['name', 'count', 'items'], rows, { maxCellWidth: 12 })).toBe(
      [
        'name          count  items',
        '------------  -----  ------------',
        'чай 🍵            2  a; b',
        'lavka-chaya…     10  xxxxxxxxxxx…',
        '',
      ].join('\n'),
    );
    expect(displayWidth('чай 🍵')).toBe(6);
  });

  it('shows line breaks as ↵ and neutralizes terminal control characters', () => {
    const table = formatTable(['text'], [{ text: 'one\ntwo\u001b[31m' }]);
    expect(table).toContain('one↵two\ufffd[31m');
    expect(table).not.toContain('\u001b');
  });

  it('prints the header of an empty result', () => {
    expect(formatTable(['a', 'bb'], [])).toBe('a  bb\n-  --\n');
  });
});

describe('JSON', () => {
  it('gives an array of objects in column order with plain values', () => {
    const rows = [{ b: [startedAt], a: 'чай 🍵, "x"\n', c: neo4j.int(7) }];
    const text = formatJson(['a', 'b', 'c'], rows);
    expect(text.endsWith('\n')).toBe(true);
    expect(JSON.parse(text)).toEqual([{ a: 'чай 🍵, "x"\n', b: ['2026-11-20T10:00:00Z'], c: 7 }]);
    expect(Object.keys(JSON.parse(text)[0])).toEqual(['a', 'b', 'c']);
    expect(formatResult({ columns: ['a'], rows: [] }, 'json')).toBe('[]\n');
  });
});
