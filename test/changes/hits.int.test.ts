import { readFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { ChangeReport, HitChange } from '../../src/changes/model.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';
import { screenList } from '../../src/screen/index.js';
import { runCli } from '../support/cli.js';
import { crawlSandbox, sandboxTest, withSetUp } from '../support/fixtures.js';
import { resetGraph, testConnection } from '../support/neo4j.js';

/**
 * `changes` reports the watch-list hits `screen` wrote: the planted world crawled over HTTP into a real Neo4j, then a
 * small hand-written FtM list (fixtures/hits-1) screened at T1, a newer file under the same name at T2 (one hit gone,
 * one added, with a hostile caption), and a third at T3 that has the gone one again. Each window's hits below are
 * written by hand from the lists and the records the sandbox serves (company 2 НКО "СтандартТрейд" INN 6160686100,
 * company 41 ООО "КристаллСофт", company 57 ПАО "ДельтаПлюс" INN 7715665359, Лебедев Владимир Сергеевич INN
 * 026981904569, the manager of company 5); the namesake (another INN) never matches.
 */
const LISTS = path.join(import.meta.dirname, 'fixtures');
const FILES = ['hits-1.ftm.json', 'hits-2.ftm.json', 'hits-3.ftm.json'].map((f) => path.join(LISTS, f));
const OUT = path.join(import.meta.dirname, 'out');
const HOUR = 3_600_000;
const MINUTE = 60_000;

const listDate = (file: string) => statSync(file).mtime.toISOString();
const iso = (ms: number) => new Date(ms).toISOString();

describe('changes: new and retired watch-list hits, first', () => {
  const { graph, truth } = plantNetworks();
  const database = testConnection().database;
  /** Before the crawl, and the three screenings an hour apart after it (the records are new before T1). */
  const at = { before: 0, t1: 0, t2: 0, t3: 0 };
  const test = withSetUp(sandboxTest({ graph }), async ({ sandbox, driver }) => {
    await resetGraph(driver);
    at.before = Date.now() - 1000;
    await crawlSandbox(driver, sandbox, truth.seeds, 1);
    const crawled = Date.now();
    at.t1 = crawled + HOUR;
    at.t2 = crawled + 2 * HOUR;
    at.t3 = crawled + 3 * HOUR;
    await screenList(driver, FILES[0]!, { database, name: 'watch', now: new Date(at.t1) });
    await screenList(driver, FILES[1]!, { database, name: 'watch', now: new Date(at.t2) });
    await screenList(driver, FILES[2]!, { database, name: 'watch', now: new Date(at.t3) });
  });

  const changes = async (since: number, until: number, ...more: string[]) => {
    const run = await runCli(['changes', '--since', iso(since), '--until', iso(until), ...more]);
    expect(run.stderr).not.toMatch(/landing-graph: /);
    expect(run.code).toBe(0);
    return run.stdout;
  };
  const json = async (since: number, until: number, ...more: string[]) =>
    JSON.parse(await changes(since, until, '--json', ...more)) as ChangeReport;

  // The hits as the lists and the sandbox's records say, written out by hand. A list entry's file and date are those
  // of the latest file that has it (the graph keeps one :ListEntry per list and entity): here the third.
  const LATEST = 'hits-3.ftm.json';
  type Matched = Pick<HitChange, 'record' | 'entity' | 'how' | 'property' | 'value' | 'score'>;
  const hit =
    (matched: Matched) =>
    (when: number, change: HitChange['change'] = 'new'): HitChange => {
      const { record, entity, how, property, value, score } = matched;
      return {
        change,
        at: iso(when),
        record,
        list: 'watch',
        file: LATEST,
        listDate: listDate(FILES[2]!),
        entity,
        how,
        property,
        value,
        score,
      };
    };
  const standart = hit({
    record: { kind: 'company', id: 2, key: '6160686100', name: 'НКО "СтандартТрейд"' },
    entity: { id: 'hx-inn-standarttreid', schema: 'Company', caption: 'Standart Treid NKO', topics: ['sanction'], datasets: ['hits_test'] },
    how: 'identifier',
    property: 'innCode',
    value: '6160686100',
    score: 1,
  });
  const lebedev = hit({
    record: { kind: 'person', id: null, key: 'inn:026981904569', name: 'Лебедев Владимир Сергеевич' },
    entity: { id: 'hx-inn-lebedev', schema: 'Person', caption: 'Lebedev V. S.', topics: ['role.pep'], datasets: ['hits_test'] },
    how: 'identifier',
    property: 'innCode',
    value: '026981904569',
    score: 1,
  });
  const kristall = hit({
    record: { kind: 'company', id: 41, key: '2422470336', name: 'ООО "КристаллСофт"' },
    entity: { id: 'hx-name-kristallsoft', schema: 'Company', caption: 'Kristall Soft LLC', topics: ['sanction'], datasets: ['hits_test'] },
    how: 'name',
    property: 'name',
    value: 'Kristall Soft LLC',
    score: 0.8,
  });
  const HOSTILE_CAPTION = 'Delta Plus <script>alert(1)</script> \u001b[31mred\u202eevil';
  const delta = hit({
    record: { kind: 'company', id: 57, key: '7715665359', name: 'ПАО "ДельтаПлюс"' },
    entity: {
      id: 'hx-inn-deltaplus',
      schema: 'Company',
      caption: HOSTILE_CAPTION,
      topics: ['debarment', '<b>x</b>'],
      datasets: ['hits_test'],
    },
    how: 'identifier',
    property: 'innCode',
    value: '7715665359',
    score: 1,
  });

  test('the first screening: its three hits new, before the crawled records, in --json and in the summary', async () => {
    const until = at.t1 + MINUTE;
    const report = await json(at.before, until);
    expect(Object.keys(report)).toEqual(['since', 'until', 'hits', 'records']);
    // The surest first; at one score companies before people.
    expect(report.hits).toEqual([standart(at.t1), lebedev(at.t1), kristall(at.t1)]);
    expect(report.records.length).toBeGreaterThan(100);

    const lines = (await changes(at.before, until)).split('\n');
    expect(lines[0]).toMatch(/^Changes from .*: \d+ records \(new \d+, changed 0, gone 0, back 0\); watch lists: 3 new hits, 0 retired$/);
    expect(lines.slice(1, 4)).toEqual([
      '! new on list watch: company 6160686100 "НКО "СтандартТрейд"" (company#2): listed as "Standart Treid NKO" (hx-inn-standarttreid) [sanction], by innCode 6160686100, score 1',
      '! new on list watch: person inn:026981904569 "Лебедев Владимир Сергеевич": listed as "Lebedev V. S." (hx-inn-lebedev) [role.pep], by innCode 026981904569, score 1',
      '! new on list watch: company 2422470336 "ООО "КристаллСофт"" (company#41): listed as "Kristall Soft LLC" (hx-name-kristallsoft) [sanction], by name "Kristall Soft LLC", score 0.8',
    ]);
    expect(lines[4]).toMatch(/^\+ new company /);
  });

  test('the newer file: the hit it drops retired, the one it adds new (hostile caption inert), nothing else', async () => {
    const report = await json(at.t1 + MINUTE, at.t2 + MINUTE);
    expect(report.hits).toEqual([delta(at.t2), standart(at.t2, 'retired')]);
    expect(report.records).toEqual([]);

    const text = await changes(at.t1 + MINUTE, at.t2 + MINUTE);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/: 0 records \(new 0, changed 0, gone 0, back 0\); watch lists: 1 new hit, 1 retired$/);
    expect(lines.slice(1)).toEqual([
      '! new on list watch: company 7715665359 "ПАО "ДельтаПлюс"" (company#57): listed as "Delta Plus <script>alert(1)</script> \\u001B[31mred\\u202Eevil" (hx-inn-deltaplus) [debarment, <b>x</b>], by innCode 7715665359, score 1',
      '- off list watch: company 6160686100 "НКО "СтандартТрейд"" (company#2): was listed as "Standart Treid NKO" (hx-inn-standarttreid) [sanction], by innCode 6160686100, score 1',
    ]);
    expect(text).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202E]/);

    const html = path.join(OUT, 'changes-hits.html');
    await changes(at.t1 + MINUTE, at.t2 + MINUTE, '--html', '--out', html);
    const page = await readFile(html, 'utf8');
    const newOn = page.indexOf('<h2>New on a watch list');
    expect(newOn).toBeGreaterThan(0);
    expect(page.indexOf('<h2>Off a watch list')).toBeGreaterThan(newOn);
    expect(page.indexOf('<h2>Off a watch list')).toBeLessThan(page.indexOf('<h2>New records'));
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<b>x</b>');
    expect(page).toContain('Delta Plus &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('1 new watch-list hit, 1 off a list');
    const row = page.slice(newOn, page.indexOf('</table>', newOn));
    expect(row).toContain('<td>company 7715665359</td><td>ПАО &quot;ДельтаПлюс&quot;</td><td>watch</td>');
  });

  test('the third file: the retired hit found again is new again', async () => {
    const report = await json(at.t2 + MINUTE, at.t3 + MINUTE);
    expect(report.hits).toEqual([standart(at.t3)]);
  });

  test('net over a longer window: a hit found and retired inside it is not reported', async () => {
    const report = await json(at.t1 - MINUTE, at.t2 + MINUTE);
    expect(report.hits).toEqual([delta(at.t2), lebedev(at.t1), kristall(at.t1)]);
  });

  test('a window before the first screening reports no hit', async () => {
    expect((await json(at.t1 - 30 * MINUTE, at.t1 - MINUTE)).hits).toEqual([]);
    expect(await changes(at.t1 - 30 * MINUTE, at.t1 - MINUTE)).toBe(
      `No changes from ${iso(at.t1 - 30 * MINUTE)} to ${iso(at.t1 - MINUTE)}.\n`,
    );
  });

  test("seeds: a company's hit when the company is in scope, a person's when a company in scope names them an officer", async () => {
    const hitsOf = async (seed: string) => (await json(at.before, at.t1 + MINUTE, seed, '--depth', '0')).hits.map((h) => h.entity.id);
    expect(await hitsOf('company#2')).toEqual(['hx-inn-standarttreid']);
    expect(await hitsOf('company#5')).toEqual(['hx-inn-lebedev']);
    expect(await hitsOf('company#6')).toEqual([]);
  });

  test('--fail-on-change: a window with hits and no changed record exits 8', async () => {
    const run = await runCli(['changes', '--since', iso(at.t2 + MINUTE), '--until', iso(at.t3 + MINUTE), '--fail-on-change']);
    expect(run.code).toBe(8);
    expect(run.stderr).toContain('0 records and 1 watch-list hit changed');
  });
});
