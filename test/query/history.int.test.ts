import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELATIONSHIP_GROUPS } from '../../src/graph/relationship-groups.js';
import { computeNetworks } from '../../src/network/index.js';
import { findQuery, loadQueries, runQuery } from '../../src/query/library.js';
import { bindParams } from '../../src/query/params.js';
import type { Row } from '../../src/store/executor.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';
import { IDS, NEW_IP, OLD_IP, PHONE, record, recordCrawl, T1, T2, writeAnswers, writeCommit } from './history-fixture.js';

const queries = loadQueries();

/** Parameters each query runs with on the graph with history; every query of the library has an entry. */
const SAMPLES: Record<string, string[]> = {
  'companies-behind-contact': ['kind=phone', `key=${PHONE}`],
  'crawl-clusters': [],
  crawls: [],
  'find-entity': ['text=tea'],
  'graph-overview': [],
  hubs: ['minDegree=0'],
  neighbourhood: ['kind=domain', 'key=alpha-tea.ru', 'hops=4'],
  'network-of': ['kind=domain', 'key=alpha-tea.ru'],
  'networks-by-size': [],
  'recent-domains': ['days=60', 'asOf=2026-10-20'],
  'red-flags': [],
  'shared-address': [],
  'shared-email': [],
  'shared-ip': [`ip=${OLD_IP}`],
  'shared-mail-server': [],
  'shared-name-server': [],
  'shared-officer': ['person=Петров'],
  'shared-phone': [`phone=${PHONE}`],
  'shared-registrant': [],
  // One hop at T1 (alpha-tea.ru listed the phone), two now (through the company).
  'shortest-paths': ['fromKind=domain', 'fromKey=alpha-tea.ru', 'toKind=phone', `toKey=${PHONE}`],
  // alpha-tea.ru listed the phone at T1 (a removed link): what ties them now goes through the company.
  'what-ties': ['fromKind=domain', 'fromKey=alpha-tea.ru', 'toKind=phone', `toKey=${PHONE}`],
};

/**
 * The library on a graph whose records were fetched three times (history-fixture.ts): every query shows
 * the current state, never a relationship a later fetch no longer had nor an earlier answer.
 */
describe('the query library on a graph with history', () => {
  let driver: Driver;
  const database = () => testConnection().database;
  const run = async (name: string, ...assignments: string[]): Promise<Row[]> => {
    const query = findQuery(queries, name);
    return (await runQuery(driver, query, bindParams(query, assignments), { database: database() })).rows;
  };
  const column = (rows: Row[], name: string) => rows.map((r) => r[name]);

  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
    await recordCrawl(driver);
    for (const step of [0, 1, 2] as const) await writeAnswers(driver, step);
    // The network queries read what `landing-graph networks` writes, from current links only.
    await computeNetworks(driver, { type: 'all' }, { database: testConnection().database });
  });
  afterAll(async () => driver?.close());

  it('the fixture holds history: removed, returned and versioned', async () => {
    const { records } = await driver.executeQuery(
      `MATCH ()-[r]->() WHERE r.removedAt IS NOT NULL
       RETURN count(r) AS removed, COUNT { ()-[x]->() WHERE size(coalesce(x.returns, [])) > 0 } AS returned,
              COUNT { (:RecordVersion) } AS versions`,
      {},
      { database: database() },
    );
    expect(records[0]?.toObject()).toEqual({ removed: 5, returned: 1, versions: 4 });
  });

  it('shared values: only the links the latest answers still have', async () => {
    // alpha-tea.ru moved to another IP at T2: the old one is beta-tea.ru's alone, the new one alpha's.
    expect(await run('shared-ip')).toEqual([]);
    expect(await run('shared-ip', `ip=${OLD_IP}`)).toEqual([{ ip: OLD_IP, sharedBy: 1, via: ['dns.a'], entities: ['beta-tea.ru'] }]);
    expect(column(await run('shared-ip', `ip=${NEW_IP}`), 'entities')).toEqual([['alpha-tea.ru']]);
    // 40001 lost its founder at T2.
    expect(await run('shared-officer')).toEqual([]);
    expect(column(await run('shared-officer', 'person=Петров'), 'companies')).toEqual([['ООО "Бета" (7702222222) [founder]']]);
    // alpha-tea.ru stopped listing the phone at T2; the company still does.
    expect(await run('shared-phone', `phone=${PHONE}`)).toEqual([
      { phone: PHONE, sharedBy: 1, domains: 0, companies: 1, via: ['LISTS_CONTACT'], entities: ['ООО "Альфа Плюс" (7701111111)'] },
    ]);
    // The name server never changed: still shared.
    expect(await run('shared-name-server')).toEqual([
      { nameServer: 'ns1.alpha-host.ru', sharedBy: 2, entities: ['alpha-tea.ru', 'beta-tea.ru'] },
    ]);
  });

  it('neighbourhood, paths and clusters walk current links only; a link that came back counts', async () => {
    const near = await run('neighbourhood', 'kind=domain', 'key=alpha-tea.ru', 'hops=1');
    expect(new Set(column(near, 'name'))).toEqual(
      new Set(['beta-tea.ru', 'gamma-tea.ru', 'ООО "Альфа Плюс"', NEW_IP, 'ns1.alpha-host.ru.', '10 mx.alpha-host.ru.', 'RU-CENTER-RU']),
    );
    const far = await run('neighbourhood', 'kind=domain', 'key=alpha-tea.ru', 'hops=4');
    // delta-tea.ru was listed at T2 only; company 40002 and the founder were reached through links gone at T2.
    for (const gone of ['delta-tea.ru', 'ООО "Бета"', 'Петров Пётр Петрович']) expect(column(far, 'name')).not.toContain(gone);
    expect(far.find((r) => r.name === OLD_IP)).toMatchObject({
      hops: 2,
      route: `alpha-tea.ru -RELATED-> beta-tea.ru -RESOLVES_TO-> ${OLD_IP}`,
    });
    expect(far.find((r) => r.name === PHONE)).toMatchObject({
      hops: 2,
      route: `alpha-tea.ru -RELATED-> ООО "Альфа Плюс" -LISTS_CONTACT-> ${PHONE}`,
    });
    // At T1 alpha-tea.ru reached company 40002 through beta-tea.ru or the founder; both links are gone.
    expect(await run('shortest-paths', 'fromKind=domain', 'fromKey=alpha-tea.ru', 'toKind=company', `toId=${IDS.beta2}`)).toEqual([]);
    expect(await run('shortest-paths', 'fromKind=domain', 'fromKey=alpha-tea.ru', 'toKind=phone', `toKey=${PHONE}`)).toEqual([
      { hops: 2, route: `alpha-tea.ru -RELATED-> ООО "Альфа Плюс" -LISTS_CONTACT-> ${PHONE}`, pivots: [] },
    ]);
    expect(column(await run('crawl-clusters', 'hops=4'), 'seeds')).toEqual([['domain:alpha-tea.ru'], [`company#${IDS.beta2}`]]);
    // A crawl of many seeds is judged on its first maxSeeds.
    expect(column(await run('crawl-clusters', 'hops=4', 'maxSeeds=1'), 'seeds')).toEqual([['domain:alpha-tea.ru']]);
    expect(await run('companies-behind-contact', 'kind=phone', `key=${PHONE}`, 'hops=3')).toEqual([
      expect.objectContaining({ company: 'ООО "Альфа Плюс"', hops: 1, route: `${PHONE} <-LISTS_CONTACT- ООО "Альфа Плюс"` }),
    ]);
  });

  it('recent domains, hubs, find-entity and the overview count current links; the overview sums up the history', async () => {
    // beta-tea.ru is recent but stopped listing its company at T2.
    expect(await run('recent-domains', 'days=60', 'asOf=2026-10-20')).toEqual([]);
    expect(await run('hubs', 'kinds=domain', 'limit=1')).toEqual([
      {
        label: 'Domain',
        name: 'alpha-tea.ru',
        key: 'alpha-tea.ru',
        degree: 7,
        links: ['RELATED 3', 'REGISTERED_WITH 1', 'RESOLVES_TO 1', 'USES_MAIL_SERVER 1', 'USES_NAME_SERVER 1'],
        longLists: [],
      },
    ]);
    expect((await run('find-entity', 'text=alpha-tea')).map((r) => [r.key, r.degree])).toEqual([['alpha-tea.ru', 7]]);
    const overview = await run('graph-overview');
    expect(overview).toContainEqual({ section: 'relationships', name: 'RESOLVES_TO', count: 2, breakdown: [] });
    expect(overview.filter((r) => r.name === 'HAS_OFFICER')).toEqual([
      { section: 'relationships', name: 'HAS_OFFICER', count: 1, breakdown: [] },
    ]);
    expect(overview.filter((r) => r.section === 'history')).toEqual([
      {
        section: 'history',
        name: 'removed relationships',
        count: 5,
        breakdown: ['RELATED 2', 'HAS_OFFICER 1', 'LISTS_CONTACT 1', 'RESOLVES_TO 1'],
      },
      { section: 'history', name: 'RecordVersion', count: 4, breakdown: ['of records 3'] },
    ]);
    expect(overview.some((r) => r.name === 'VERSION_OF')).toBe(false);
    // The overview's totals come from the count store less the removed ones: the same as reading every relationship.
    const { records } = await driver.executeQuery(
      `MATCH ()-[r]->() WHERE type(r) IN $types AND r.removedAt IS NULL
       WITH type(r) AS type, r.list AS list, count(*) AS c ORDER BY type, list
       RETURN type, sum(c) AS count, [x IN collect([list, c]) WHERE x[0] IS NOT NULL | x[0] + ' ' + toString(x[1])] AS lists`,
      { types: RELATIONSHIP_GROUPS.stated },
      { database: database() },
    );
    const read = records.map((r) => [r.get('type'), Number(r.get('count')), r.get('lists')]);
    const counted = overview
      .filter((r) => r.section === 'relationships')
      .map((r) => [r.name, r.count, [...(r.breakdown as string[])].sort()])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(counted).toEqual(read);
    expect(read.length).toBeGreaterThan(4);
  });

  it('every query answers on the graph with history exactly as on the same graph with its history deleted', async () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(queries.map((q) => q.name));
    const all = async () => {
      const out: Record<string, Row[]> = {};
      for (const q of queries) {
        const rows = await run(q.name, ...(SAMPLES[q.name] ?? []));
        out[q.name] = q.name === 'graph-overview' ? rows.filter((r) => r.section !== 'history') : rows;
      }
      return out;
    };
    const withHistory = await all();
    // Those with no answer have nothing to find in this graph: no recent domain now, no flag (`flags` never ran
    // here: test/query/queries.int.test.ts shows retired flags left out), no address, no e-mail.
    expect(Object.keys(withHistory).filter((name) => withHistory[name]?.length === 0)).toEqual([
      'recent-domains',
      'red-flags',
      'shared-address',
      'shared-email',
    ]);
    await driver.executeQuery('MATCH ()-[r]->() WHERE r.removedAt IS NOT NULL DELETE r', {}, { database: database() });
    await driver.executeQuery('MATCH (v:RecordVersion) DETACH DELETE v', {}, { database: database() });
    expect(await all()).toEqual(withHistory);
  });
});

/**
 * A pivot is a hub by its current links: three domains on one IP at T1, one of them moved at T2. With
 * maxPivotDegree 2 the IP is walked through now, though three links were ever written to it.
 */
describe('hub pivots on a graph with history', () => {
  let driver: Driver;
  const run = async (name: string, ...assignments: string[]): Promise<Row[]> => {
    const query = findQuery(queries, name);
    return (await runQuery(driver, query, bindParams(query, assignments), { database: testConnection().database })).rows;
  };
  const site = (id: number, name: string, ip: string) => record('domain', id, name, { dns: { a: [ip] } });

  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
    await writeCommit(driver, T1, [
      site(3200001, 'one.ru', '185.71.67.50'),
      site(3200002, 'two.ru', '185.71.67.50'),
      site(3200003, 'three.ru', '185.71.67.50'),
    ]);
    await writeCommit(driver, T2, [site(3200003, 'three.ru', '185.71.67.51')]);
  });
  afterAll(async () => driver?.close());

  it('neighbourhood and shortest-paths walk through a pivot whose current links are within maxPivotDegree', async () => {
    const near = await run('neighbourhood', 'kind=domain', 'key=one.ru', 'hops=2', 'maxPivotDegree=2');
    expect(near.map((r) => [r.hops, r.name])).toEqual([
      [1, '185.71.67.50'],
      [2, 'two.ru'],
    ]);
    expect(await run('shortest-paths', 'fromKind=domain', 'fromKey=one.ru', 'toKind=domain', 'toKey=two.ru', 'maxPivotDegree=2')).toEqual([
      { hops: 2, route: 'one.ru -RESOLVES_TO-> 185.71.67.50 <-RESOLVES_TO- two.ru', pivots: ['IP 185.71.67.50'] },
    ]);
    // Still a hub above its current degree.
    expect((await run('neighbourhood', 'kind=domain', 'key=one.ru', 'hops=2', 'maxPivotDegree=1')).map((r) => r.name)).toEqual([
      '185.71.67.50',
    ]);
    expect(await run('shortest-paths', 'fromKind=domain', 'fromKey=one.ru', 'toKind=domain', 'toKey=two.ru', 'maxPivotDegree=1')).toEqual(
      [],
    );
  });
});
