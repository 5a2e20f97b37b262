import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LandingKind } from '../../src/api/kinds.js';
import { parseLandingRecord } from '../../src/api/schemas/index.js';
import { mapFetchedRecord } from '../../src/graph/map-record.js';
import { pivotsOf } from '../../src/graph/pivots/index.js';
import { inWriteTransaction } from '../../src/store/executor.js';
import { retireUnseen, writeGraph } from '../../src/store/graph-writer.js';
import { writePivots } from '../../src/store/pivot-writer.js';
import { fullRecord, type Json } from '../api/schemas/records.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

const NOW = '2026-11-21T12:00:00.000Z';
const LATER = '2026-11-22T12:00:00.000Z';
const HOSTILE = "'}) DETACH DELETE n // Пример 🚀";

type Fetched = { kind: LandingKind; json: Json };

function record(kind: LandingKind, change?: (r: Json) => void): Fetched {
  const json = fullRecord(kind);
  change?.(json);
  return { kind, json };
}

const block = (json: Json, name: string) => json[name] as Json;

/** The second website: shares the IP 185.71.67.12 and the name server ns1.reg.ru with the fixture. */
const otherDomain = () =>
  record('domain', (r) => {
    Object.assign(r, { id: 1048577, title: 'lavka-chaya.com', relatedDomains: [] });
    Object.assign(block(r, 'dns'), {
      a: ['185.71.67.12'],
      aWww: [],
      aaaa: [],
      ns: ['NS1.REG.RU.', 'ns3.other-host.ru'],
      soaPrimaryNameServer: null,
    });
    Object.assign(block(r, 'whoIs'), { registrar: HOSTILE, dnsServers: [] });
    block(r, 'websiteResponseHeaders').hostIp = null;
  });

describe('writePivots on a real Neo4j', () => {
  let driver: Driver;
  const database = () => testConnection().database;
  const query = async (cypher: string, params: Record<string, unknown> = {}) =>
    (await driver.executeQuery(cypher, params, { database: database() })).records.map((r) => r.toObject());
  const counts = async () => (await query('MATCH (n) WITH count(n) AS nodes OPTIONAL MATCH ()-[r]->() RETURN nodes, count(r) AS edges'))[0];

  /** Records written the way the crawler writes them: record nodes, key stubs, pivots, then retired links, in one transaction. */
  function write(records: Fetched[], now = NOW) {
    return inWriteTransaction(
      driver,
      async (tx) => {
        const mapped = [];
        const batches = [];
        for (const { kind, json } of records) {
          const text = JSON.stringify(json);
          const parsed = parseLandingRecord(kind, JSON.parse(text));
          mapped.push(mapFetchedRecord(kind, parsed, text));
          batches.push(pivotsOf(kind, parsed, { kind, id: parsed.id }));
        }
        const written = await writeGraph(tx, mapped, now);
        await writeGraph(tx, [{ nodes: batches.flatMap((b) => b.keyStubs), edges: [] }], now);
        const linked = await writePivots(tx, batches, now);
        await retireUnseen(tx, written.refetchable, now);
        return linked;
      },
      { database: database() },
    );
  }

  beforeAll(async () => {
    driver = await openTestDriver();
  });
  beforeEach(async () => resetGraph(driver));
  afterAll(async () => driver?.close());

  it('gives two websites that share an IP and a name server one node each, with an edge from each site', async () => {
    const first = await write([record('domain'), otherDomain()]);
    const ip = await query(
      "MATCH (i:Pivot:IP {key: '185.71.67.12'}) OPTIONAL MATCH (d:Domain)-[r:RESOLVES_TO]->(i) RETURN i.kind AS kind, i.value AS value, d.id AS id, r.via AS via ORDER BY id",
    );
    expect(ip).toEqual([
      { kind: 'ip', value: '185.71.67.12', id: 1048576, via: ['dns.a', 'dns.aWww', 'websiteResponseHeaders.hostIp'] },
      { kind: 'ip', value: '185.71.67.12', id: 1048577, via: ['dns.a'] },
    ]);
    const ns = await query(
      "MATCH (n:Pivot:NameServer {key: 'ns1.reg.ru'})<-[r:USES_NAME_SERVER]-(d:Domain) RETURN n.value AS value, d.id AS id, r.via AS via ORDER BY id",
    );
    expect(ns).toEqual([
      { value: 'ns1.reg.ru.', id: 1048576, via: ['dns.ns', 'dns.soaPrimaryNameServer', 'whoIs.dnsServers'] },
      { value: 'ns1.reg.ru.', id: 1048577, via: ['dns.ns'] },
    ]);
    const [registrar] = await query(
      'MATCH (:Domain {id: 1048577})-[:REGISTERED_WITH]->(r:Registrar) RETURN r.value AS value, r.key AS key, labels(r) AS labels',
    );
    expect(registrar).toEqual({ value: HOSTILE, key: HOSTILE.toLowerCase(), labels: expect.arrayContaining(['Pivot', 'Registrar']) });
    const [pivots] = await query('MATCH (p:Pivot) RETURN count(p) AS n, count(DISTINCT [p.kind, p.key]) AS distinct');
    expect(pivots).toEqual({ n: first.pivots, distinct: first.pivots });
    const [links] = await query(
      'MATCH (:Domain)-[r]->(x) WHERE x:Pivot OR type(r) IN ["LISTS_CONTACT", "NAMES_COMPANY"] RETURN count(r) AS n',
    );
    expect(links?.n).toBe(first.links);
  });

  it('changes nothing but lastSeenAt when the same records are written again', async () => {
    const records = [record('domain'), otherDomain(), record('company')];
    const first = await write(records);
    const before = await counts();
    const again = await write(records, LATER);
    expect(again).toEqual(first);
    expect(await counts()).toEqual(before);
    const [edge] = await query(
      "MATCH (:Domain {id: 1048576})-[r:RESOLVES_TO]->(:IP {key: '185.71.67.12'}) RETURN r.via AS via, toString(r.firstSeenAt) AS first, toString(r.lastSeenAt) AS last",
    );
    expect(edge).toEqual({
      via: ['dns.a', 'dns.aWww', 'websiteResponseHeaders.hostIp'],
      first: '2026-11-21T12:00:00Z',
      last: '2026-11-22T12:00:00Z',
    });
    const [pivot] = await query(
      "MATCH (p:IP {key: '185.71.67.12'}) RETURN toString(p.firstSeenAt) AS first, toString(p.lastSeenAt) AS last",
    );
    expect(pivot).toEqual({ first: '2026-11-21T12:00:00Z', last: '2026-11-22T12:00:00Z' });
  });

  it('adopts a phone named in websiteContacts when its record arrives by page number, keeping LISTS_CONTACT', async () => {
    await write([record('domain')]);
    const stub = await query(
      "MATCH (d:Domain {id: 1048576})-[r:LISTS_CONTACT]->(p:Landing:Phone {key: '+78005553535'}) RETURN p.id AS id, p.status AS status, r.via AS via",
    );
    expect(stub).toEqual([{ id: null, status: 'stub', via: ['websiteContacts.phoneNumbers'] }]);
    const phone = record('phone', (r) => Object.assign(r, { id: 30002, title: '+7 800 555-35-35', relatedPhones: [] }));
    await inWriteTransaction(
      driver,
      (tx) => writeGraph(tx, [mapFetchedRecord('phone', parseLandingRecord('phone', phone.json), JSON.stringify(phone.json))], LATER),
      { database: database() },
    );
    const adopted = await query(
      "MATCH (p:Phone) WHERE p.key = '+78005553535' OR p.id = 30002 OPTIONAL MATCH (d:Domain)-[r:LISTS_CONTACT]->(p) RETURN p.id AS id, p.status AS status, d.id AS from, r.via AS via",
    );
    expect(adopted).toEqual([{ id: 30002, status: 'fetched', from: 1048576, via: ['websiteContacts.phoneNumbers'] }]);
  });

  it('links a named contact or company to the node that already holds its key', async () => {
    await write([record('company')]);
    await write([record('domain')]);
    // The website lists phone 30001 (+74951234567) by page number and names it in websiteContacts.
    const phones = await query(
      "MATCH (p:Phone {key: '+74951234567'}) OPTIONAL MATCH (d:Domain)-[r:LISTS_CONTACT]->(p) RETURN p.id AS id, d.id AS from",
    );
    expect(phones).toEqual([{ id: 30001, from: 1048576 }]);
    const companies = await query(
      "MATCH (c:Company {key: '7701234567'}) OPTIONAL MATCH (d:Domain)-[r:NAMES_COMPANY]->(c) RETURN c.id AS id, c.status AS status, d.id AS from, r.via AS via",
    );
    expect(companies).toEqual([{ id: 20001, status: 'fetched', from: 1048576, via: ['websiteRequisites.inns', 'whoIs.inn'] }]);
  });

  it('folds a company stub named by INN into the company when its record arrives after it was listed without a key', async () => {
    // The website lists company 20001 by page number only (no key yet) and names INN 7701234567 in whoIs: two nodes for now.
    await write([record('domain')]);
    expect(await query('MATCH (c:Company) RETURN c.id AS id, c.key AS key ORDER BY id')).toEqual([
      { id: 20001, key: null },
      { id: null, key: '7701234567' },
    ]);
    await write([record('company')], LATER);
    const companies = await query(
      "MATCH (c:Company) WHERE c.id = 20001 OR c.key = '7701234567' OR c.keyConflict IS NOT NULL OPTIONAL MATCH (d:Domain)-[r:NAMES_COMPANY]->(c) RETURN c.id AS id, c.key AS key, c.keyConflict AS conflict, c.status AS status, d.id AS from, r.via AS via, toString(r.firstSeenAt) AS first",
    );
    expect(companies).toEqual([
      {
        id: 20001,
        key: '7701234567',
        conflict: null,
        status: 'fetched',
        from: 1048576,
        via: ['websiteRequisites.inns', 'whoIs.inn'],
        first: '2026-11-21T12:00:00Z',
      },
    ]);
    const [related] = await query('MATCH (:Domain {id: 1048576})-[r:RELATED]->(c:Company {id: 20001}) RETURN count(r) AS n');
    expect(related?.n).toBe(1);
  });

  it('never folds a key-only node that carries other relationships', async () => {
    await write([record('domain')]);
    await query("MATCH (s:Company {key: '7701234567'}) CREATE (s)-[:TEST_LINK]->(:TestMarker)");
    await write([record('company')], LATER);
    const rows = await query(
      "MATCH (c:Company) WHERE c.key = '7701234567' OR c.keyConflict = '7701234567' RETURN c.id AS id, c.key AS key, c.keyConflict AS conflict ORDER BY id",
    );
    expect(rows).toEqual([
      { id: 20001, key: null, conflict: '7701234567' },
      { id: null, key: '7701234567', conflict: null },
    ]);
  });

  it('writes officers one link per role with its posts, one Person for two companies, activities with main; a dropped role is retired', async () => {
    const other = record('company', (r) => {
      Object.assign(r, { id: 20002, title: 'АО "Чайный дом"', relatedCompanies: [], similarCompanies: [], competitorCompanies: [] });
      Object.assign(block(r, 'companyRequisites'), {
        inn: '7707083893',
        ogrn: '1027700132195',
        mainOkved: { code: '46.37', name: 'Торговля оптовая' },
        otherOkveds: [],
      });
      r.companyManagersAndFounders = {
        managers: [{ inn: '770412345678', name: 'ИВАНОВА  Мария Петровна', post: 'Директор' }],
        founders: [],
      };
      r.companyPredecessorsAndSuccessors = null;
    });
    await write([record('company'), other]);
    const officer = await query(
      "MATCH (c:Company)-[r:HAS_OFFICER]->(p:Pivot:Person {key: 'inn:770412345678'}) RETURN c.id AS id, p.value AS value, p.name AS name, p.inn AS inn, r.role AS role, r.posts AS posts ORDER BY id, role",
    );
    expect(officer).toEqual([
      {
        id: 20001,
        value: 'Иванова Мария Петровна',
        name: 'Иванова Мария Петровна',
        inn: '770412345678',
        role: 'founder',
        posts: ['Участник'],
      },
      {
        id: 20001,
        value: 'Иванова Мария Петровна',
        name: 'Иванова Мария Петровна',
        inn: '770412345678',
        role: 'manager',
        posts: ['Генеральный директор'],
      },
      {
        id: 20002,
        value: 'Иванова Мария Петровна',
        name: 'Иванова Мария Петровна',
        inn: '770412345678',
        role: 'manager',
        posts: ['Директор'],
      },
    ]);
    const activity = await query(
      "MATCH (c:Company)-[r:HAS_ACTIVITY]->(a:Activity {key: '46.37'}) RETURN c.id AS id, r.main AS main, a.name AS name ORDER BY id",
    );
    expect(activity).toEqual([
      { id: 20001, main: false, name: 'Торговля оптовая кофе, чаем, какао и пряностями' },
      { id: 20002, main: true, name: 'Торговля оптовая кофе, чаем, какао и пряностями' },
    ]);
    const [address] = await query('MATCH (:Company {id: 20001})-[r:REGISTERED_AT]->(a:Address) RETURN a.key AS key, r.via AS via');
    expect(address).toEqual({ key: 'г москва ул арбат д 10 помещ 3', via: ['companyInfo.registrationAddress'] });
    // Later the person is only a founder there, and 46.37 is no longer the main activity: the manager role is
    // retired with its date (kept, not deleted), the founder role is current, main follows.
    block(other.json, 'companyRequisites').mainOkved = { code: '47.91', name: null };
    block(other.json, 'companyRequisites').otherOkveds = [{ code: '46.37', name: 'Торговля оптовая' }];
    other.json.companyManagersAndFounders = { managers: [], founders: [{ inn: '770412345678', name: 'Иванова М. П.', post: 'Участник' }] };
    await write([other], LATER);
    const later = await query(
      "MATCH (c:Company {id: 20002})-[r:HAS_OFFICER]->(p:Person {key: 'inn:770412345678'}) MATCH (c)-[m:HAS_ACTIVITY]->(:Activity {key: '46.37'}) RETURN r.role AS role, r.posts AS posts, r.via AS via, toString(r.firstSeenAt) AS firstSeenAt, toString(r.removedAt) AS removedAt, p.name AS name, m.main AS main ORDER BY role",
    );
    expect(later).toEqual([
      {
        role: 'founder',
        posts: ['Участник'],
        via: ['companyManagersAndFounders.founders'],
        firstSeenAt: new Date(LATER).toISOString().replace('.000Z', 'Z'),
        removedAt: null,
        name: 'Иванова Мария Петровна',
        main: false,
      },
      {
        role: 'manager',
        posts: ['Директор'],
        via: ['companyManagersAndFounders.managers'],
        firstSeenAt: expect.any(String),
        removedAt: new Date(LATER).toISOString().replace('.000Z', 'Z'),
        name: 'Иванова Мария Петровна',
        main: false,
      },
    ]);
  });
});
