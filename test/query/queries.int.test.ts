import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeNetworks } from '../../src/network/index.js';
import { formatResult } from '../../src/query/format.js';
import { findQuery, loadQueries, runQuery } from '../../src/query/library.js';
import { bindParams } from '../../src/query/params.js';
import type { Row } from '../../src/store/executor.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';
import { buildInvestigationGraph } from './graph-fixture.js';

const queries = loadQueries();

/** Parameters each query runs with in the smoke test; every query of the library must have an entry. */
const SAMPLES: Record<string, string[]> = {
  'companies-behind-contact': ['kind=phone', 'key=+7 (495) 123-45-67'],
  'crawl-clusters': [],
  crawls: [],
  'find-entity': ['text=7701234567'],
  'graph-overview': [],
  hubs: [],
  neighbourhood: ['kind=domain', 'key=Lavka-Chaya.RU'],
  'network-of': ['kind=company', 'key=7701234567'],
  'networks-by-size': [],
  'recent-domains': ['days=30', 'asOf=2026-11-21'],
  'shared-address': [],
  'shared-email': [],
  'shared-ip': [],
  'shared-mail-server': [],
  'shared-name-server': [],
  'shared-officer': [],
  'shared-phone': [],
  'shared-registrant': [],
  'shortest-paths': ['fromKind=domain', 'fromKey=lonely.ru', 'toKind=domain', 'toKey=teashop.ru'],
  'what-ties': ['fromKind=domain', 'fromKey=lonely.ru', 'toKind=company', 'toKey=7701234567'],
};

describe('the query library on a real Neo4j', () => {
  let driver: Driver;
  const run = async (name: string, ...assignments: string[]): Promise<Row[]> => {
    const query = findQuery(queries, name);
    return (await runQuery(driver, query, bindParams(query, assignments), { database: testConnection().database })).rows;
  };
  const column = (rows: Row[], name: string) => rows.map((r) => r[name]);

  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
    await buildInvestigationGraph(driver);
    // The network queries read what `landing-graph networks` writes (test/query/network-queries.int.test.ts tests them).
    await computeNetworks(driver, { type: 'all' }, { database: testConnection().database });
  });
  afterAll(async () => driver?.close());

  it('has sample parameters for every query', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(queries.map((q) => q.name));
  });

  it.each(queries.map((q) => [q.name]))('%s runs and returns rows with its declared columns', async (name) => {
    const rows = await run(name, ...(SAMPLES[name] ?? []));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row)).toEqual(findQuery(queries, name).columns);
  });

  it('runs read-only: the server refuses a write', async () => {
    const probe = { ...findQuery(queries, 'crawls'), name: 'probe', params: [], statement: 'CREATE (n:Probe) RETURN 1 AS crawl' };
    await expect(runQuery(driver, probe, {}, { database: testConnection().database })).rejects.toMatchObject({
      code: 'NEO4J_QUERY',
      message: expect.stringMatching(/read access mode/),
    });
  });

  it('shared-ip: the two domains that resolve to one IP', async () => {
    expect(await run('shared-ip')).toEqual([
      {
        ip: '185.71.67.12',
        sharedBy: 2,
        via: ['dns.a', 'dns.aWww', 'websiteResponseHeaders.hostIp'],
        entities: ['lavka-chaya.com', 'lavka-chaya.ru'],
      },
    ]);
    expect(await run('shared-ip', 'ip=10.0.0.1')).toEqual([]);
    expect(await run('shared-ip', 'maxShared=2')).toHaveLength(1);
  });

  it('shared-officer: the two companies of one founder, with the roles', async () => {
    const expected = {
      person: 'Иванова Мария Петровна (770412345678)',
      sharedBy: 2,
      asManager: 1,
      asFounder: 2,
      companies: ['ООО "Лавка чая" (7701234567) [founder, manager]', 'ООО "Чайная традиция" (7705555555) [founder]'],
    };
    expect(await run('shared-officer')).toEqual([expected]);
    expect(await run('shared-officer', 'role=founder')).toEqual([expected]);
    expect(await run('shared-officer', 'role=manager')).toEqual([]);
    // Asked for one person, one company is enough; the roles shown are all the person holds there.
    expect(column(await run('shared-officer', 'person=ИВАНОВА', 'role=manager'), 'companies')).toEqual([
      ['ООО "Лавка чая" (7701234567) [founder, manager]'],
    ]);
    expect(await run('shared-officer', 'person=770412345678')).toEqual([expected]);
    expect(await run('shared-officer', 'role=predecessor')).toEqual([]);
  });

  it('other shared values: name server, mail server, registrant, address, phone, e-mail', async () => {
    expect(await run('shared-name-server')).toEqual([{ nameServer: 'ns1.reg.ru', sharedBy: 2, entities: ['lavka-chaya.ru', 'lonely.ru'] }]);
    expect(column(await run('shared-name-server', 'nameServer=NS1.reg.ru.'), 'sharedBy')).toEqual([2]);
    expect(column(await run('shared-mail-server'), 'entities')).toEqual([['fresh-tea.ru', 'lavka-chaya.ru']]);
    expect(await run('shared-registrant')).toEqual([
      { sharedBy: 'inn', value: '7701234567', company: 'ООО "Лавка чая"', domains: 2, entities: ['lavka-chaya.ru', 'lonely.ru'] },
      { sharedBy: 'organization', value: 'ООО "Лавка чая"', company: null, domains: 2, entities: ['lavka-chaya.ru', 'lonely.ru'] },
      {
        sharedBy: 'registrar',
        value: 'RU-CENTER-RU',
        company: null,
        domains: 3,
        entities: ['fresh-tea.ru', 'lavka-chaya.ru', 'lonely.ru'],
      },
    ]);
    expect(column(await run('shared-registrant', 'by=registrar', 'maxShared=2'), 'value')).toEqual([]);
    expect(column(await run('shared-address', 'address=арбат'), 'sharedBy')).toEqual([2]);
    const [phone] = await run('shared-phone', 'phone=+7 495 123-45-67');
    expect(phone).toEqual({
      phone: '+74951234567',
      sharedBy: 4,
      domains: 2,
      companies: 1,
      via: expect.arrayContaining(['LISTS_CONTACT', 'RELATED']),
      entities: ['lavka-chaya.ru', 'lonely.ru', 'ООО "Лавка чая" (7701234567)', 'Лавка чая на Арбате'],
    });
    expect(column(await run('shared-email'), 'email')).toEqual(['info@lavka-chaya.ru']);
  });

  it('shortest-paths: through the hub pivot only while it is under maxPivotDegree', async () => {
    const direct = await run('shortest-paths', 'fromKind=domain', 'fromKey=lonely.ru', 'toKind=domain', 'toKey=teashop.ru');
    expect(direct).toEqual([
      {
        hops: 2,
        route: 'lonely.ru -USES_TECHNOLOGY-> Yandex.Metrika <-USES_TECHNOLOGY- teashop.ru',
        pivots: ['Technology Yandex.Metrika'],
      },
    ]);
    const avoiding = await run(
      'shortest-paths',
      'fromKind=domain',
      'fromKey=lonely.ru',
      'toKind=domain',
      'toId=1049002',
      'maxPivotDegree=4',
      'limit=100',
    );
    expect(avoiding.length).toBeGreaterThan(1);
    expect(new Set(column(avoiding, 'hops'))).toEqual(new Set([3]));
    expect(column(avoiding, 'route')).toContain('lonely.ru -RELATED-> ООО "Лавка чая" <-RELATED- lavka-chaya.ru -COMPETITOR-> teashop.ru');
    expect(avoiding.map((r) => String(r.route)).join('\n')).not.toContain('Yandex.Metrika');
    expect(await run('shortest-paths', 'fromKind=domain', 'fromKey=lonely.ru', 'toKind=domain', 'toKey=lonely.ru')).toEqual([]);
  });

  it('shortest-paths with skipHubRecords avoids records the crawl marked as hubs', async () => {
    await driver.executeQuery("MATCH (d:Domain {key: 'lavka-chaya.ru'}) SET d.hub = true", {}, { database: testConnection().database });
    try {
      const params = ['fromKind=domain', 'fromKey=lonely.ru', 'toKind=domain', 'toKey=teashop.ru', 'maxPivotDegree=4'];
      expect((await run('shortest-paths', ...params)).length).toBeGreaterThan(0);
      expect(await run('shortest-paths', ...params, 'skipHubRecords=true')).toEqual([]);
    } finally {
      await driver.executeQuery("MATCH (d:Domain {key: 'lavka-chaya.ru'}) REMOVE d.hub", {}, { database: testConnection().database });
    }
  });

  it('neighbourhood: nearest first, never walking through a hub pivot', async () => {
    const near = await run('neighbourhood', 'kind=domain', 'key=teashop.ru', 'hops=1');
    expect(column(near, 'name')).toEqual(['lavka-chaya.ru', 'Yandex.Metrika']);
    const through = await run('neighbourhood', 'kind=domain', 'key=teashop.ru', 'hops=2');
    expect(through.find((r) => r.name === 'lonely.ru')).toMatchObject({
      hops: 2,
      label: 'Domain',
      route: 'teashop.ru -USES_TECHNOLOGY-> Yandex.Metrika <-USES_TECHNOLOGY- lonely.ru',
    });
    const avoiding = await run('neighbourhood', 'kind=domain', 'id=1049002', 'hops=2', 'maxPivotDegree=4');
    expect(column(avoiding, 'name')).toContain('Yandex.Metrika');
    expect(column(avoiding, 'name')).not.toContain('lonely.ru');
    expect(column(avoiding, 'hops')).toEqual([...column(avoiding, 'hops')].sort());
    expect(await run('neighbourhood', 'kind=domain', 'key=absent.ru')).toEqual([]);
  });

  it('companies-behind-contact: directly, or a hop further', async () => {
    // The phone and the company list each other, and the company lists it as a contact: any of three links.
    const either = '(-RELATED->|<-RELATED-|<-LISTS_CONTACT-)';
    const direct = await run('companies-behind-contact', 'kind=phone', 'key=+7 (495) 123-45-67');
    expect(direct).toEqual([
      {
        company: 'ООО "Лавка чая"',
        inn: '7701234567',
        ogrn: '1157746123456',
        companyStatus: 'Действующая',
        hops: 1,
        route: expect.stringMatching(new RegExp(`^\\+74951234567 ${either} ООО "Лавка чая"$`)),
      },
    ]);
    expect(await run('companies-behind-contact', 'kind=email', 'key=OPT@lavka-chaya.ru', 'hops=1')).toEqual([]);
    const further = await run('companies-behind-contact', 'kind=email', 'key=OPT@lavka-chaya.ru');
    expect(further).toEqual([
      expect.objectContaining({
        company: 'ООО "Лавка чая"',
        hops: 2,
        route: expect.stringMatching(/^opt@lavka-chaya\.ru .+ ООО "Лавка чая"$/),
      }),
    ]);
  });

  it('crawl-clusters: the connected seeds of the latest crawl together, a missing seed alone', async () => {
    const clusters = await run('crawl-clusters');
    expect(clusters.map((r) => [r.crawl, r.seeds])).toEqual([
      ['crawl-new', ['domain:lavka-chaya.ru', 'company#20001', 'domain:teashop.ru']],
      ['crawl-new', ['domain:absent.ru']],
    ]);
    // Five companies: the predecessor that is an organisation (ООО "Чайная лавка") is its own Company node.
    expect(clusters[0]).toMatchObject({ companies: 5, companyNames: expect.arrayContaining(['ООО "Лавка чая"']) });
    expect(clusters[1]).toMatchObject({ nodes: 0, companyNames: [] });
    expect(column(await run('crawl-clusters', 'crawlId=crawl-old'), 'seeds')).toEqual([['domain:lavka-chaya.ru']]);
    expect(await run('crawl-clusters', 'crawlId=no-such-crawl')).toEqual([]);
  });

  it('recent-domains: both date formats, only those that lead to a company, newest first', async () => {
    expect(await run('recent-domains', 'days=30', 'asOf=2026-11-21')).toEqual([
      {
        domain: 'fresh-tea.ru',
        createdAt: '2026-11-15',
        registrar: 'RU-CENTER-RU',
        registrant: 'ООО "Свежий чай"',
        companies: ['ООО "Лавка чая" (7701234567)'],
      },
      {
        domain: 'lonely.ru',
        createdAt: '2026-11-10',
        registrar: 'RU-CENTER-RU',
        registrant: 'ООО "Лавка чая" (7701234567)',
        companies: ['ООО "Лавка чая" (7701234567)'],
      },
    ]);
    expect(column(await run('recent-domains', 'days=7', 'asOf=2026-11-21'), 'domain')).toEqual(['fresh-tea.ru']);
  });

  it('overview, crawls, hubs and find-entity', async () => {
    const overview = await run('graph-overview');
    expect(overview[0]).toEqual({ section: 'records', name: 'Domain', count: 7, breakdown: ['fetched 7'] });
    expect(overview).toContainEqual({ section: 'pivots', name: 'Technology', count: 2, breakdown: ['linking 2+ records 1'] });
    expect(overview).toContainEqual({
      section: 'relationships',
      name: 'SIMILAR',
      count: 2,
      breakdown: ['similarCompanies 1', 'similarDomains 1'],
    });
    const crawls = await run('crawls');
    expect(column(crawls, 'crawl')).toEqual(['crawl-new', 'crawl-old']);
    const json = JSON.parse(formatResult({ columns: findQuery(queries, 'crawls').columns, rows: crawls }, 'json')) as Row[];
    expect(json[0]).toMatchObject({ crawl: 'crawl-new', startedAt: '2026-11-20T10:00:00Z', finishedAt: null, tasks: 4, queued: 4 });
    const hubs = await run('hubs', 'kinds=technology,ip');
    expect(hubs.map((r) => [r.label, r.name, r.degree])).toEqual([
      ['Technology', 'Yandex.Metrika', 5],
      ['IP', '185.71.67.12', 2],
    ]);
    expect(column(await run('find-entity', 'text=7701234567'), 'name')).toEqual(['ООО "Лавка чая"']);
    expect(column(await run('find-entity', 'text=LAVKA', 'kinds=domain'), 'key')).toEqual(['lavka-chaya.ru', 'lavka-chaya.com']);
  });
});
