import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { computeFlags } from '../../src/flags/index.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';
import { type ScreenResult, screenList } from '../../src/screen/index.js';
import { runCli } from '../support/cli.js';
import { crawlSandbox, sandboxTest, withSetUp } from '../support/fixtures.js';
import { plainRows, resetGraph, testConnection } from '../support/neo4j.js';

/**
 * `screen` on the planted world crawled over HTTP into a real Neo4j, against a hand-written FtM list (fixtures/watch-1):
 * identifiers, Latin and Cyrillic spellings, legal forms written out or after the name, initials and word order, and
 * near misses that must not match. The expected hits below were written by hand from the records the sandbox serves
 * (company INNs and OGRNs, officers' names and INNs), not computed by the code under test.
 */
const LISTS = path.join(import.meta.dirname, 'fixtures');
const FIRST = path.join(LISTS, 'watch-1.ftm.json');
const NEWER = path.join(LISTS, 'watch-2.ftm.json');
const T1 = new Date('2026-11-20T10:00:00Z');
const T2 = new Date('2026-11-27T10:00:00Z');

/** [record key, list entity id, how, property, score, variants]. */
type Expected = [string, string, 'identifier' | 'name', string, number, string[]];
const EXPECTED_FIRST: Expected[] = [
  ['6160686100', 'ws-inn-standarttreid', 'identifier', 'innCode', 1, []], // company 2, НКО "СтандартТрейд"
  ['0218279463', 'ws-ogrn-kontinent', 'identifier', 'ogrnCode', 1, []], // company 20 by its OGRN 1250236363915
  ['7715665359', 'ws-inn-deltaplus', 'identifier', 'innCode', 1, []], // company 57, INN written with spaces
  ['2377449587', 'ws-inn-triumftorg', 'identifier', 'innCode', 1, []], // company 96: INN and name, one hit
  ['inn:026981904569', 'ws-inn-lebedev', 'identifier', 'innCode', 1, []], // Лебедев Владимир Сергеевич
  ['inn:399913854734', 'ws-inn-stepanov', 'identifier', 'innCode', 1, []], // Степанов Максим Николаевич
  ['2422470336', 'ws-name-kristallsoft', 'name', 'name', 0.8, ['transliteration']], // ООО "КристаллСофт"
  ['7742885272', 'ws-name-baykaltekhno', 'name', 'name', 0.8, ['transliteration']], // ЗАО «БайкалТехно»
  ['2440271164', 'ws-form-uraltekhno', 'name', 'name', 0.9, []], // ООО "УралТехно"
  ['3697864520', 'ws-form-integraagro', 'name', 'name', 0.9, []], // ООО «ИнтеграАгро-М»
  ['3662262860', 'ws-name-avroramed', 'name', 'name', 0.8, ['transliteration']], // АНО "АврораМед"
  ['5919856220', 'ws-name-lidergrupp', 'name', 'name', 0.8, ['transliteration']], // АО "ЛидерГрупп"
  ['7781640452', 'ws-name-triumflogistik', 'name', 'name', 0.9, []], // АО "ТриумфЛогистик"
  ['2410478605', 'ws-form-sigma', 'name', 'name', 0.9, []], // ПАО "Сигма"
  ['inn:232269871309', 'ws-name-nikolaeva', 'name', 'name', 0.7, ['transliteration']], // Николаева Мария Дмитриевна
  ['inn:364625887968', 'ws-name-alekseev', 'name', 'name', 0.7, ['initials']], // Алексеев Олег Олегович
  ['inn:256091863070', 'ws-name-novikova', 'name', 'name', 0.8, []], // Новикова Наталья Владимировна
  ['inn:787557838133', 'ws-name-semenov', 'name', 'name', 0.7, ['transliteration']], // Семёнов Максим Владимирович
];
/** The entities watch-2 drops: their hits are retired. */
const DROPPED = ['ws-inn-standarttreid', 'ws-name-baykaltekhno', 'ws-name-nikolaeva'];
/** Company ids (sandbox) flagged `listed` after the first list: listed themselves, or a current officer is. */
const FLAGGED_FIRST = [2, 3, 5, 20, 23, 24, 40, 41, 42, 56, 57, 58, 59, 60, 77, 78, 96, 124, 356];
/** After the newer list: 2 and 3 were listed themselves, 42 only through Николаева (41 stays: listed by name). */
const FLAGGED_NEWER = FLAGGED_FIRST.filter((id) => ![2, 3, 42].includes(id));

const brief = (r: ScreenResult): Expected[] =>
  r.hits.map((h) => [h.record.key, h.entity.id, h.how, h.property, h.score, h.variants] as Expected).sort(byKey);
const byKey = (a: Expected, b: Expected) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1);

describe('screen: a watch list against the planted world', () => {
  const { graph, truth } = plantNetworks();
  const database = testConnection().database;
  const test = withSetUp(sandboxTest({ graph }), async ({ sandbox, driver }) => {
    await resetGraph(driver);
    await crawlSandbox(driver, sandbox, truth.seeds, 1);
  });
  const listedIds = async (driver: import('neo4j-driver').Driver) => {
    const { flags } = await computeFlags(driver, { type: 'all' }, { database, rules: ['listed'], now: new Date() });
    return flags.map((f) => f.record.id as number).sort((a, b) => a - b);
  };

  test('the first list: exactly the hits written by hand, near misses left out, skipped schemata counted', async ({ driver }) => {
    const result = await screenList(driver, FIRST, { database, name: 'watch', now: T1 });
    expect(brief(result)).toEqual([...EXPECTED_FIRST].sort(byKey));
    expect(result.read).toBe(32);
    expect(result.skipped).toEqual({ Address: 1, Sanction: 1, Vessel: 1 });
    expect(result.newHits).toBe(EXPECTED_FIRST.length);
    expect(result.retired).toEqual([]);
    // Only the matched entities are in the graph, with their evidence; the list is not copied.
    const entries = await plainRows(driver, 'MATCH (e:ListEntry) RETURN e.list AS list, e.entityId AS id, e.file AS file ORDER BY id', {});
    expect(entries.map((e) => e.id)).toEqual(EXPECTED_FIRST.map((e) => e[1]).sort());
    expect(new Set(entries.map((e) => `${e.list} ${e.file}`))).toEqual(new Set(['watch watch-1.ftm.json']));
    const [link] = await plainRows(
      driver,
      `MATCH (c:Company {key: '7715665359'})-[l:LISTED_AS]->(e:ListEntry) RETURN l.property AS property, l.value AS value, l.score AS score,
              toString(l.firstSeenAt) AS first, l.removedAt AS removed, e.caption AS caption, e.topics AS topics`,
      {},
    );
    expect(link).toEqual({
      property: 'innCode',
      value: '7715665359',
      score: 1,
      first: '2026-11-20T10:00:00Z',
      removed: null,
      caption: 'PJSC Delta Plus',
      topics: ['debarment'],
    });
  });

  test('the listed rule flags the listed companies and those a listed officer serves, high, with the evidence', async ({ driver }) => {
    const { flags } = await computeFlags(driver, { type: 'all' }, { database, now: new Date() });
    const listed = flags.filter((f) => f.rule === 'listed');
    expect(listed.map((f) => f.record.id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(FLAGGED_FIRST);
    expect(listed.every((f) => f.severity === 'high')).toBe(true);
    // The analyst reads the list's hits first: before the other high rules that fire on this world (the nominee's).
    expect(flags.some((f) => f.rule === 'mass-officer')).toBe(true);
    expect(flags.slice(0, listed.length).map((f) => f.rule)).toEqual(listed.map(() => 'listed'));
    const standart = listed.find((f) => f.record.id === 2);
    expect(standart?.record.name).toBe('НКО "СтандартТрейд"');
    expect(standart?.score).toBe(1);
    expect(standart?.evidence[0]?.fact).toBe(
      'listed on watch (watch-1.ftm.json, ' +
        `${readFileMtimeDate(FIRST)}) as Standart Treid NKO (ws-inn-standarttreid), topics sanction, matched by innCode 6160686100`,
    );
    const viaOfficer = listed.find((f) => f.record.id === 5);
    expect(viaOfficer?.score).toBe(0.9);
    expect(viaOfficer?.evidence[0]?.fact).toMatch(
      /^its officer Лебедев Владимир Сергеевич is listed on watch .* as Lebedev V\. S\. \(ws-inn-lebedev\), topics role\.pep, matched by innCode 026981904569$/,
    );
    expect(viaOfficer?.evidence[0]?.records).toEqual([{ kind: 'person', id: null, key: 'inn:026981904569', name: 'inn:026981904569' }]);
  });

  test('a newer file of the same list retires the hits gone (removedAt, nothing deleted) and keeps the rest', async ({ driver }) => {
    const result = await screenList(driver, NEWER, { database, name: 'watch', now: T2 });
    const kept = EXPECTED_FIRST.filter((e) => !DROPPED.includes(e[1]));
    expect(brief(result)).toEqual([...kept].sort(byKey));
    expect(result.newHits).toBe(0);
    expect(result.retired.map((r) => [r.key, r.entityId])).toEqual([
      ['6160686100', 'ws-inn-standarttreid'],
      ['7742885272', 'ws-name-baykaltekhno'],
      ['inn:232269871309', 'ws-name-nikolaeva'],
    ]);
    const links = await plainRows(
      driver,
      `MATCH ()-[l:LISTED_AS]->(e:ListEntry {list: 'watch'}) RETURN e.entityId AS id, toString(l.firstSeenAt) AS first,
              toString(l.lastSeenAt) AS last, toString(l.removedAt) AS removed ORDER BY id`,
      {},
    );
    expect(links).toHaveLength(EXPECTED_FIRST.length);
    for (const link of links) {
      expect(link.first).toBe('2026-11-20T10:00:00Z');
      if (DROPPED.includes(link.id as string)) expect([link.last, link.removed]).toEqual(['2026-11-20T10:00:00Z', '2026-11-27T10:00:00Z']);
      else expect([link.last, link.removed]).toEqual(['2026-11-27T10:00:00Z', null]);
    }
    expect(await listedIds(driver)).toEqual(FLAGGED_NEWER);
  });

  test('the built CLI: a summary naming records and list entities, gzip read by its bytes; bad lists stop at once', async ({ driver }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'screen-cli-'));
    const gz = path.join(dir, 'watch-newer.data');
    writeFileSync(gz, gzipSync(readFileSync(NEWER)));
    const ok = await runCli(['screen', gz, '--name', 'watch']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('hits: 15 (5 by identifier, 10 by name); 0 new, 0 retired');
    expect(ok.stdout).toContain(
      '  0.80  ООО "КристаллСофт" (company:2422470336)\n        listed as Kristall Soft LLC (ws-name-kristallsoft) [sanction], by name "Kristall Soft LLC" (transliteration)',
    );
    expect(ok.stderr).toContain('16 companies flagged listed');

    const before = await plainRows(
      driver,
      'MATCH ()-[l:LISTED_AS]->(e) RETURN count(l) AS links, count(DISTINCT e) AS entries, max(l.lastSeenAt) AS last',
      {},
    );
    const bad: [string, string, RegExp][] = [
      ['notes.txt', 'these are notes,\nnot a list\n', /^landing-graph: LIST_INVALID: notes\.txt:1: neither FtM entities/],
      [
        'broken.json',
        `${readFileSync(NEWER, 'utf8').split('\n').slice(0, 2).join('\n')}\n{"id": "x", "schema":\n`,
        /^landing-graph: LIST_INVALID: broken\.json:3: not a JSON object: /,
      ],
      [
        'typo.json',
        `${readFileSync(NEWER, 'utf8').split('\n')[0]}\n{"id":"x","schema":"Compnay","properties":{}}\n`,
        /^landing-graph: LIST_INVALID: typo\.json:2: unknown FtM schema "Compnay"$/,
      ],
    ];
    for (const [name, content, line] of bad) {
      writeFileSync(path.join(dir, name), content);
      const run = await runCli(['screen', path.join(dir, name), '--name', 'watch']);
      expect(run.code, name).toBe(2);
      const lines = run.stderr.split('\n').filter((l) => l.startsWith('landing-graph:'));
      expect(lines, name).toHaveLength(1);
      expect(lines[0], name).toMatch(line);
      expect(run.stdout, name).toBe('');
      // Refused before any Neo4j is asked: the same line where none answers.
      const noNeo4j = await runCli(['screen', path.join(dir, name), '--name', 'watch'], {
        NEO4J_URI: 'bolt://127.0.0.1:1',
        NEO4J_PASSWORD: 'unused',
      });
      expect([noNeo4j.code, noNeo4j.stderr.trim()], name).toEqual([2, lines[0]]);
    }
    expect(
      await plainRows(
        driver,
        'MATCH ()-[l:LISTED_AS]->(e) RETURN count(l) AS links, count(DISTINCT e) AS entries, max(l.lastSeenAt) AS last',
        {},
      ),
    ).toEqual(before);
  });
});

/** The list file's date as the evidence writes it (the day of its modification time, UTC). */
function readFileMtimeDate(file: string): string {
  return statSync(file).mtime.toISOString().slice(0, 10);
}
