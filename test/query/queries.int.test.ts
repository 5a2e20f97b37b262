import { isNode, isPath, isRelationship, type Driver, type Node, type Path, type Relationship } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicInfrastructure, publicInfrastructureParameters } from '../../src/graph/public-infrastructure.js';
import { computeNetworks } from '../../src/network/index.js';
import { formatResult } from '../../src/query/format.js';
import { findQuery, loadQueries, runPicture, runQuery } from '../../src/query/library.js';
import { bindParams } from '../../src/query/params.js';
import { cypherWithIncludes } from '../../src/store/cypher-files.js';
import type { Row } from '../../src/store/executor.js';
import { applySchema } from '../../src/store/schema.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';
import { buildInvestigationGraph } from './graph-fixture.js';

const queries = loadQueries();

/** What Neo4j Browser draws: nodes, relationships, paths, or lists of them. */
function isDrawn(value: unknown): boolean {
  return isNode(value) || isRelationship(value) || isPath(value) || (Array.isArray(value) && value.every(isDrawn));
}

/** The nodes and relationships a picture's rows draw (paths taken apart), each once by element id. */
function drawing(rows: readonly Row[]): { nodes: Node[]; relationships: Relationship[] } {
  const nodes = new Map<string, Node>();
  const relationships = new Map<string, Relationship>();
  const add = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(add);
    else if (isNode(value)) nodes.set(value.elementId, value);
    else if (isRelationship(value)) relationships.set(value.elementId, value);
    else if (isPath(value)) {
      add((value as Path).start);
      for (const segment of (value as Path).segments) add([segment.start, segment.relationship, segment.end]);
    }
  };
  for (const row of rows) Object.values(row).forEach(add);
  return { nodes: [...nodes.values()], relationships: [...relationships.values()] };
}

/** A node as the tests name it: its key, else its title. */
const nodeName = (n: Node): unknown => n.properties.key ?? n.properties.title;

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
  'red-flags': [],
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
    // As a writing command leaves a new graph: schema applied and migrations marked done (find-entity then reads the
    // lower-case copies; test/store/schema.int.test.ts reads a graph without them).
    await applySchema(driver, { database: testConnection().database });
    await buildInvestigationGraph(driver);
    // The network queries read what `landing-graph networks` writes (test/query/network-queries.int.test.ts tests them).
    await computeNetworks(driver, { type: 'all' }, { database: testConnection().database });
    // A flag as `landing-graph flags` writes it (test/flags/ tests the rules), and one it retired.
    await driver.executeQuery(
      `MATCH (c:Company {key: '7701234567'})
       CREATE (:Flag {uid: 'mass-address|company#1', rule: 'mass-address', severity: 'medium', score: 0.61,
                      facts: ['registered at Москва, with 11 other companies'], firstSeenAt: datetime('2026-11-20T00:00:00Z')})-[:FLAGS]->(c)
       CREATE (:Flag {uid: 'mass-officer|company#1', rule: 'mass-officer', severity: 'high', score: 0.9, facts: ['gone'],
                      firstSeenAt: datetime('2026-11-19T00:00:00Z'), removedAt: datetime('2026-11-20T00:00:00Z')})-[:FLAGS]->(c)`,
      {},
      { database: testConnection().database },
    );
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

  it.each(queries.map((q) => [q.name]))(
    '%s: its picture form returns only nodes, relationships and paths, and draws what the table finds',
    async (name) => {
      const query = findQuery(queries, name);
      const params = bindParams(query, SAMPLES[name] ?? []);
      const database = testConnection().database;
      const table = await runQuery(driver, query, params, { database });
      const picture = await runPicture(driver, query, params, { database });
      for (const row of picture)
        for (const [key, value] of Object.entries(row)) expect(isDrawn(value), `${name}: column ${key}`).toBe(true);
      const { nodes } = drawing(picture);
      if (table.rows.length > 0) expect(nodes.length).toBeGreaterThan(0);
      expect(nodes.length).toBeLessThanOrEqual(400);
    },
  );

  it('pictures draw the same findings as the tables', async () => {
    const picture = async (name: string, ...assignments: string[]) => {
      const query = findQuery(queries, name);
      return drawing(await runPicture(driver, query, bindParams(query, assignments), { database: testConnection().database }));
    };
    const names = (nodes: Node[], label: string) =>
      nodes
        .filter((n) => n.labels.includes(label))
        .map(nodeName)
        .sort();
    // shared-ip: the IP and the two domains that resolve to it, one RESOLVES_TO each.
    const ip = await picture('shared-ip');
    expect(names(ip.nodes, 'IP')).toEqual(['185.71.67.12']);
    expect(names(ip.nodes, 'Domain')).toEqual(['lavka-chaya.com', 'lavka-chaya.ru']);
    expect(ip.relationships.map((r) => r.type)).toEqual(['RESOLVES_TO', 'RESOLVES_TO']);
    expect((await picture('shared-ip', 'ip=10.0.0.1')).nodes).toEqual([]);
    // shared-officer: the founder of two companies, one HAS_OFFICER per current role.
    const officer = await picture('shared-officer');
    expect(names(officer.nodes, 'Company')).toEqual(['7701234567', '7705555555']);
    expect(officer.relationships.map((r) => `${r.type} ${r.properties.role}`).sort()).toEqual([
      'HAS_OFFICER founder',
      'HAS_OFFICER founder',
      'HAS_OFFICER manager',
    ]);
    expect((await picture('shared-officer', 'role=manager')).nodes).toEqual([]);
    // shared-phone: the phone and the four records that list or relate to it.
    const phone = await picture('shared-phone', 'phone=+7 495 123-45-67');
    expect(phone.nodes.map(nodeName).sort()).toEqual(
      ['+74951234567', '7701234567', 'lavka-chaya.ru', 'lonely.ru', 'Лавка чая на Арбате'].sort(),
    );
    // shortest-paths: the chains of the table, avoiding the hub pivot.
    const paths = ['fromKind=domain', 'fromKey=lonely.ru', 'toKind=domain', 'toId=1049002', 'maxPivotDegree=4', 'limit=100'];
    const query = findQuery(queries, 'shortest-paths');
    const drawnPaths = await runPicture(driver, query, bindParams(query, paths), { database: testConnection().database });
    expect(drawnPaths).toHaveLength((await run('shortest-paths', ...paths)).length);
    expect(drawnPaths.every((row) => isPath(row.p) && (row.p as Path).length === 3)).toBe(true);
    expect(names((await picture('shortest-paths', ...paths)).nodes, 'Technology')).toEqual([]);
    // neighbourhood: the start and every record and pivot the table lists.
    const near = await picture('neighbourhood', 'kind=domain', 'key=teashop.ru', 'hops=1');
    expect(near.nodes.map(nodeName).sort()).toEqual(['lavka-chaya.ru', 'teashop.ru', 'yandex.metrika']);
    // what-ties: the founder both companies share, through both of her roles in one of them.
    const ties = await picture('what-ties', 'fromKind=company', 'fromKey=7705555555', 'toKind=company', 'toKey=7701234567');
    expect(names(ties.nodes, 'Person')).toEqual(['inn:770412345678']);
    expect(ties.relationships).toHaveLength(3);
    // crawl-clusters: the three connected seeds of the latest crawl and what ties them.
    const clusters = await picture('crawl-clusters');
    expect(clusters.nodes.map(nodeName).sort()).toEqual(['7701234567', 'lavka-chaya.ru', 'teashop.ru']);
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

  it('red-flags: the current flags only, with their facts', async () => {
    expect(await run('red-flags')).toEqual([
      {
        severity: 'medium',
        rule: 'mass-address',
        score: 0.61,
        record: 'ООО "Лавка чая"',
        kind: 'company',
        key: '7701234567',
        facts: ['registered at Москва, with 11 other companies'],
        since: '2026-11-20T00:00:00Z',
      },
    ]);
    expect(await run('red-flags', 'severity=high')).toEqual([]);
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
    // The bound itself: three domains are within a maxShared of 3, and a value asked for is listed whatever the bound.
    expect(column(await run('shared-registrant', 'by=registrar', 'maxShared=3'), 'domains')).toEqual([3]);
    expect(column(await run('shared-registrant', 'by=registrar', 'maxShared=2', 'value=ru-center-ru'), 'domains')).toEqual([3]);
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

  it('the shared-* queries name at most maxListed records in a row, in their order, and count them all', async () => {
    const capped = async (name: string, list: string, count: string, ...params: string[]) => {
      const [whole] = await run(name, ...params);
      const [cut] = await run(name, ...params, 'maxListed=1');
      return { whole: whole?.[list], cut: cut?.[list], counted: [whole?.[count], cut?.[count]] };
    };
    expect(await capped('shared-name-server', 'entities', 'sharedBy')).toEqual({
      whole: ['lavka-chaya.ru', 'lonely.ru'],
      cut: ['lavka-chaya.ru'],
      counted: [2, 2],
    });
    expect(await capped('shared-mail-server', 'entities', 'sharedBy')).toEqual({
      whole: ['fresh-tea.ru', 'lavka-chaya.ru'],
      cut: ['fresh-tea.ru'],
      counted: [2, 2],
    });
    expect(await capped('shared-registrant', 'entities', 'domains', 'by=registrar')).toEqual({
      whole: ['fresh-tea.ru', 'lavka-chaya.ru', 'lonely.ru'],
      cut: ['fresh-tea.ru'],
      counted: [3, 3],
    });
    expect(await capped('shared-phone', 'entities', 'sharedBy', 'phone=+74951234567')).toEqual({
      whole: ['lavka-chaya.ru', 'lonely.ru', 'ООО "Лавка чая" (7701234567)', 'Лавка чая на Арбате'],
      cut: ['lavka-chaya.ru'],
      counted: [4, 4],
    });
    expect(await capped('shared-officer', 'companies', 'sharedBy')).toEqual({
      whole: ['ООО "Лавка чая" (7701234567) [founder, manager]', 'ООО "Чайная традиция" (7705555555) [founder]'],
      cut: ['ООО "Лавка чая" (7701234567) [founder, manager]'],
      counted: [2, 2],
    });
    for (const [name, shared] of [
      ['shared-address', 2],
      ['shared-email', 3],
      ['shared-ip', 2],
    ] as const) {
      const { whole, cut, counted } = await capped(name, 'entities', 'sharedBy', ...(SAMPLES[name] ?? []));
      expect(whole, name).toHaveLength(shared);
      expect(cut, name).toEqual([(whole as string[])[0]]);
      expect(counted, name).toEqual([shared, shared]);
    }
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
    await driver.executeQuery(
      "MATCH (d:Domain {key: 'lavka-chaya.ru'}) SET d.fanoutCut = true",
      {},
      { database: testConnection().database },
    );
    try {
      const params = ['fromKind=domain', 'fromKey=lonely.ru', 'toKind=domain', 'toKey=teashop.ru', 'maxPivotDegree=4'];
      expect((await run('shortest-paths', ...params)).length).toBeGreaterThan(0);
      expect(await run('shortest-paths', ...params, 'skipHubRecords=true')).toEqual([]);
    } finally {
      await driver.executeQuery("MATCH (d:Domain {key: 'lavka-chaya.ru'}) REMOVE d.fanoutCut", {}, { database: testConnection().database });
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

  it('the walks never pass through public infrastructure, however few records it holds; an unlisted host of as few they do', async () => {
    const database = testConnection().database;
    // lonely.ru uses ns1.reg.ru (listed: reg.ru hosts DNS for anyone); nocompany.ru is tied to nothing else.
    await driver.executeQuery(
      `MATCH (lonely:Domain {key: 'lonely.ru'}), (other:Domain {key: 'nocompany.ru'}), (ns:NameServer {key: 'ns1.reg.ru'})
       CREATE (other)-[:USES_NAME_SERVER {probe: true}]->(ns)
       CREATE (host:Pivot:NameServer {kind: 'nameServer', key: 'ns1.tea-hosting.ru', value: 'ns1.tea-hosting.ru', probe: true})
       CREATE (lonely)-[:USES_NAME_SERVER {probe: true}]->(host)<-[:USES_NAME_SERVER {probe: true}]-(other)`,
      {},
      { database },
    );
    try {
      const rows = await run('neighbourhood', 'kind=domain', 'key=lonely.ru', 'hops=2');
      // A pivot is named by its value as the record wrote it.
      expect(rows.find((r) => r.name === 'ns1.reg.ru.')).toMatchObject({ hops: 1 });
      expect(rows.filter((r) => r.name === 'nocompany.ru')).toEqual([
        expect.objectContaining({ hops: 2, route: 'lonely.ru -USES_NAME_SERVER-> ns1.tea-hosting.ru <-USES_NAME_SERVER- nocompany.ru' }),
      ]);
      await driver.executeQuery("MATCH (host:NameServer {key: 'ns1.tea-hosting.ru'}) DETACH DELETE host", {}, { database });
      const listedOnly = await run('neighbourhood', 'kind=domain', 'key=lonely.ru', 'hops=2');
      expect(column(listedOnly, 'name')).toContain('ns1.reg.ru.');
      expect(column(listedOnly, 'name')).not.toContain('nocompany.ru');
      expect(await run('shortest-paths', 'fromKind=domain', 'fromKey=lonely.ru', 'toKind=domain', 'toKey=nocompany.ru')).toEqual([]);
    } finally {
      await driver.executeQuery('MATCH ()-[r:USES_NAME_SERVER {probe: true}]->() DELETE r', {}, { database });
      await driver.executeQuery('MATCH (n {probe: true}) DETACH DELETE n', {}, { database });
    }
  });

  it('a webmail domain between two records stops every walk, shortest paths included; a domain without a key does not', async () => {
    const database = testConnection().database;
    await driver.executeQuery(
      `MATCH (lonely:Domain {key: 'lonely.ru'}), (other:Domain {key: 'nocompany.ru'})
       CREATE (webmail:Landing:Domain {kind: 'domain', id: 990001, key: 'gmail.com', probe: true})
       CREATE (lonely)-[:RELATED {probe: true}]->(webmail)<-[:RELATED {probe: true}]-(other)`,
      {},
      { database },
    );
    try {
      const through = ['fromKind=domain', 'fromKey=lonely.ru', 'toKind=domain', 'toKey=nocompany.ru'];
      const near = await run('neighbourhood', 'kind=domain', 'key=lonely.ru', 'hops=2');
      expect(near.find((r) => r.name === 'gmail.com')).toMatchObject({ hops: 1 });
      expect(column(near, 'name')).not.toContain('nocompany.ru');
      expect(await run('shortest-paths', ...through)).toEqual([]);
      expect(await run('shortest-paths', ...through, 'skipHubRecords=true')).toEqual([]);
      // The same node without a key (a record served without a title) is no one's webmail: the walks pass.
      await driver.executeQuery('MATCH (d:Domain {id: 990001}) REMOVE d.key', {}, { database });
      const keyless = await run('neighbourhood', 'kind=domain', 'key=lonely.ru', 'hops=2');
      expect(keyless.find((r) => r.name === 'nocompany.ru')).toMatchObject({
        hops: 2,
        route: 'lonely.ru -RELATED-> domain #990001 <-RELATED- nocompany.ru',
      });
      for (const skip of ['skipHubRecords=false', 'skipHubRecords=true'])
        expect(column(await run('shortest-paths', ...through, skip), 'route')).toEqual([
          'lonely.ru -RELATED-> domain #990001 <-RELATED- nocompany.ru',
        ]);
    } finally {
      await driver.executeQuery('MATCH (n {probe: true}) DETACH DELETE n', {}, { database });
    }
  });

  it('the Cypher test of public infrastructure says what src/graph/public-infrastructure.ts says, key by key', async () => {
    const database = testConnection().database;
    // Written by hand: listed providers and names under them, look-alikes that are not.
    const cases: [label: 'NameServer' | 'MailServer' | 'Domain', key: string, listed: boolean][] = [
      ['NameServer', 'ns2.cloudflare.com', true],
      ['NameServer', 'cloudflare.com', true],
      ['NameServer', 'ns-1234.awsdns-12.org', true],
      ['NameServer', 'notcloudflare.com', false],
      ['NameServer', 'cloudflare.com.evil.ru', false],
      ['NameServer', 'ns1.tea-hosting.ru', false],
      ['MailServer', 'mx.yandex.net', true],
      ['MailServer', 'aspmx.l.google.com', true],
      ['MailServer', 'mx.tea-hosting.ru', false],
      ['MailServer', 'awsdns-mail.ru', false],
      ['Domain', 'mail.ru', true],
      ['Domain', 'gmail.com', true],
      ['Domain', 'lavka-chaya.ru', false],
    ];
    const kindOf = { NameServer: 'nameServer', MailServer: 'mailServer', Domain: 'domain' } as const;
    expect(cases.map(([label, key]) => isPublicInfrastructure(kindOf[label], key))).toEqual(cases.map(([, , listed]) => listed));
    const statement = cypherWithIncludes(
      [
        'UNWIND $cases AS c',
        'CREATE (n:PublicInfrastructureProbe {key: c[1]})',
        'SET n:$(c[0])',
        'RETURN c[1] AS key,',
        '  // include: public-infrastructure node=n',
        '  AS listed',
      ].join('\n'),
      'the test statement',
    );
    // Then every entry of every list, with a name under it and look-alikes, judged by both.
    const lists = publicInfrastructureParameters();
    const around = (entry: string) => [entry, `ns1.${entry}`, `${entry}.evil.ru`, `not${entry}`, `ns-1.${entry}-2.org`];
    const everyEntry = [
      ...lists.nameServerSuffixes.flatMap((s) => around(s).map((key) => ['NameServer', key] as const)),
      ...lists.mailServerSuffixes.flatMap((s) => around(s).map((key) => ['MailServer', key] as const)),
      ...lists.webmailDomains.flatMap((s) => around(s).map((key) => ['Domain', key] as const)),
    ];
    try {
      const { records } = await driver.executeQuery(statement, { cases, ...lists }, { database });
      expect(records.map((r) => [r.get('key'), r.get('listed')])).toEqual(cases.map(([, key, listed]) => [key, listed]));
      const all = await driver.executeQuery(statement, { cases: everyEntry, ...lists }, { database });
      expect(all.records.map((r) => r.get('listed'))).toEqual(everyEntry.map(([label, key]) => isPublicInfrastructure(kindOf[label], key)));
    } finally {
      await driver.executeQuery('MATCH (n:PublicInfrastructureProbe) DETACH DELETE n', {}, { database });
    }
  });

  it("neighbourhood's picture: no more relationships between the nodes it draws than `links`, the record's network among them", async () => {
    const database = testConnection().database;
    const query = findQuery(queries, 'neighbourhood');
    const picture = async (...assignments: string[]) =>
      drawing(await runPicture(driver, query, bindParams(query, ['kind=company', 'key=7701234567', ...assignments]), { database }));
    // What Browser draws: every relationship between two of the nodes shown, whatever the picture returned.
    const connected = async (nodes: Node[]) => {
      const ids = nodes.map((n) => n.elementId);
      const { records } = await driver.executeQuery(
        'MATCH (a)-[r]->(b) WHERE elementId(a) IN $ids AND elementId(b) IN $ids RETURN count(r) AS links',
        { ids },
        { database },
      );
      return Number(records[0]?.get('links'));
    };
    const { records } = await driver.executeQuery(
      "MATCH (:Company {key: '7701234567'})-[:IN_NETWORK]->(n:Network) RETURN n.id AS id",
      {},
      { database },
    );
    const network = records[0]?.get('id');
    expect(network).toBeDefined();
    const wide = await picture('hops=2');
    expect(wide.nodes.filter((n) => n.labels.includes('Network')).map((n) => n.properties.id)).toEqual([network]);
    expect(wide.nodes.map(nodeName)).toContain('7701234567');
    const all = await connected(wide.nodes);
    expect(all).toBeGreaterThan(4);
    expect(all).toBeLessThanOrEqual(60);
    for (const links of [1, 2, 4]) {
      const narrow = await picture('hops=2', `links=${links}`);
      expect(await connected(narrow.nodes), `links=${links}`).toBeLessThanOrEqual(links);
      expect(narrow.nodes.length).toBeLessThan(wide.nodes.length);
    }
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
    // Each day of the window is sought: a hundred years is the widest, and a wider one is refused before it runs.
    // lavka-chaya.ru was registered on 2015-03-17 (test/fixtures/records/domain.json).
    expect(column(await run('recent-domains', 'days=36525', 'asOf=2026-11-21'), 'domain')).toEqual([
      'fresh-tea.ru',
      'lonely.ru',
      'lavka-chaya.ru',
    ]);
    await expect(run('recent-domains', 'days=36526')).rejects.toThrow(/days/);
  });

  it('overview, crawls, hubs and find-entity', async () => {
    const overview = await run('graph-overview');
    expect(overview[0]).toEqual({ section: 'records', name: 'Domain', count: 7, breakdown: ['fetched 7'] });
    expect(overview).toContainEqual({ section: 'pivots', name: 'Technology', count: 2, breakdown: [] });
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

  it('find-entity finds a text in any case: in titles, in pivot values, in keys, a social profile path too', async () => {
    const found = async (text: string, name: string) => column(await run('find-entity', `text=${text}`), name);
    expect(await found('лавка ЧАЯ', 'name')).toContain('ООО "Лавка чая"');
    expect(await found('ЧАЙНЫЙ дом', 'name')).toEqual(['АО "Чайный дом"']);
    expect(await found('иванова МАРИЯ', 'name')).toEqual(['Иванова Мария Петровна']);
    expect(await found('yandex.METRIKA', 'name')).toEqual(['Yandex.Metrika']);
    expect(await found('VK.com/чаймаркет', 'key')).toEqual(['vk.com/ЧайМаркет']);
    expect(await found('CHAI-market', 'key')).toEqual(['chai-market.ru']);
  });
});
