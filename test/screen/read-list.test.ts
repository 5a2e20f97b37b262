import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isLandingGraphError } from '../../src/errors.js';
import { type ListItem, readList } from '../../src/screen/read-list.js';
import { listName } from '../../src/screen/screen.js';

const dir = mkdtempSync(path.join(tmpdir(), 'screen-read-'));
const file = (name: string, content: string | Buffer): string => {
  const at = path.join(dir, name);
  writeFileSync(at, content);
  return at;
};
const all = async (at: string): Promise<ListItem[]> => {
  const items: ListItem[] = [];
  for await (const item of readList(at)) items.push(item);
  return items;
};
const failure = async (at: string): Promise<string> => {
  try {
    await all(at);
  } catch (error) {
    if (isLandingGraphError(error, 'LIST_INVALID')) return error.message;
    throw error;
  }
  throw new Error('no error');
};

const FTM = [
  '{"id":"ru-inn-7707083893","schema":"Company","caption":"Sberbank","properties":{"name":["PAO Sberbank","ПАО Сбербанк"],"innCode":["7707 083893"],"ogrnCode":["1027700132195"],"topics":["sanction"]},"datasets":["ru_nsd_isin"]}',
  '',
  '{"id":"Q1","schema":"Person","properties":{"name":["Ivanov Ivan Ivanovich"],"birthDate":["1970-05-01"],"topics":["role.pep"]}}',
  '{"id":"addr-1","schema":"Address","properties":{"full":["Moscow"]}}',
].join('\n');

describe('screen: reading a list', () => {
  it('reads FtM JSON lines: names and aliases, identifiers as digits, topics, datasets; skips other schemata', async () => {
    const items = await all(file('list.ftm.json', FTM));
    expect(items).toEqual([
      {
        entity: {
          id: 'ru-inn-7707083893',
          schema: 'Company',
          caption: 'Sberbank',
          names: ['PAO Sberbank', 'ПАО Сбербанк'],
          inns: ['7707083893'],
          ogrns: ['1027700132195'],
          birthDates: [],
          topics: ['sanction'],
          datasets: ['ru_nsd_isin'],
        },
      },
      {
        entity: {
          id: 'Q1',
          schema: 'Person',
          caption: 'Ivanov Ivan Ivanovich',
          names: ['Ivanov Ivan Ivanovich'],
          inns: [],
          ogrns: [],
          birthDates: ['1970-05-01'],
          topics: ['role.pep'],
          datasets: [],
        },
      },
      { skipped: 'Address' },
    ]);
  });

  it('reads gzip told by its first bytes, whatever the name', async () => {
    const plain = await all(file('plain.json', FTM));
    expect(await all(file('list.csv', gzipSync(FTM)))).toEqual(plain);
  });

  it('reads CSV with name / INN / OGRN columns in any case and order, quoted cells, a schema from the INN', async () => {
    const csv =
      'Name,INN,ogrn,Topics\n"ООО ""Ромашка"", Москва",7701234567,,sanction;debarment\nИванов Иван Иванович,770123456789,,\n,,1027700132195,\n';
    const items = await all(file('list.txt', csv));
    expect(
      items.map((i) =>
        'entity' in i ? [i.entity.id, i.entity.schema, i.entity.caption, i.entity.inns, i.entity.ogrns, i.entity.topics] : i,
      ),
    ).toEqual([
      ['line-2', 'Company', 'ООО "Ромашка", Москва', ['7701234567'], [], ['sanction', 'debarment']],
      ['line-3', 'Person', 'Иванов Иван Иванович', ['770123456789'], [], []],
      ['line-4', 'Company', '1027700132195', [], ['1027700132195'], []],
    ]);
  });

  it('refuses, naming the file and the line: neither format, a bad JSON line, an unknown schema, a missing id', async () => {
    expect(await failure(file('notes.txt', 'hello world\nsecond line\n'))).toBe(
      'notes.txt:1: neither FtM entities (JSON lines) nor CSV with a name, inn or ogrn column (docs/screen.md)',
    );
    expect(await failure(file('bad.json', `${FTM.split('\n')[0]}\n{"id": "x", "schema": \n`))).toMatch(/^bad\.json:2: not a JSON object: /);
    expect(await failure(file('schema.json', '{"id":"x","schema":"Compnay","properties":{}}\n'))).toBe(
      'schema.json:1: unknown FtM schema "Compnay"',
    );
    expect(await failure(file('noid.json', '{"schema":"Company","properties":{}}\n'))).toMatch(/^noid\.json:1: not an FtM entity: id: /);
    // An id is the entry's key in the graph, which an index holds: a longer one would fail the write.
    const longId = 'x'.repeat(2_001);
    expect(await failure(file('longid.json', `{"id":"${longId}","schema":"Company","properties":{}}\n`))).toMatch(
      /^longid\.json:1: not an FtM entity: id: .*2000/,
    );
    expect(await failure(file('longid.csv', `id,name\n${longId},ООО Ромашка\n`))).toBe('longid.csv:2: id: longer than 2000 characters');
    expect(await failure(file('quote.csv', 'name,inn\n"open,1\n'))).toBe('quote.csv:2: a quote is left open');
    expect(await failure(file('empty.csv', 'name,inn\n,\n'))).toBe('empty.csv:2: no name, inn or ogrn');
    expect(await failure(file('nothing.json', '\n\n'))).toBe('nothing.json: the list is empty');
    expect(await failure(file('broken.gz', Buffer.concat([gzipSync(FTM).subarray(0, 40)])))).toMatch(
      /^broken\.gz:\d+: cannot read the list \(gzip\): /,
    );
    expect(await failure(path.join(dir, 'absent.json'))).toMatch(/^absent\.json: cannot read the list: ENOENT/);
  });
});

describe('screen: the default list name', () => {
  it("is the file's name without the endings of its format, so that a newer download keeps its hits", () => {
    expect(listName('/data/entities.ftm.json.gz')).toBe('entities');
    expect(listName('sanctions.CSV')).toBe('sanctions');
    expect(listName('list-2026-11.jsonl')).toBe('list-2026-11');
    expect(listName('.gz')).toBe('.gz');
  });
});
