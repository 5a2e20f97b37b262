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

/** Entity resolution by identifiers on a real Neo4j, written with the crawler's writers. */

const T1 = '2026-11-21T12:00:00.000Z';
const T2 = '2026-11-22T12:00:00.000Z';
const T3 = '2026-11-23T12:00:00.000Z';
const T4 = '2026-11-24T12:00:00.000Z';

type Fetched = { kind: LandingKind; json: Json };

function record(kind: LandingKind, change?: (r: Json) => void): Fetched {
  const json = fullRecord(kind);
  change?.(json);
  return { kind, json };
}

const block = (json: Json, name: string) => json[name] as Json;
const noLists = { relatedDomains: [], relatedCompanies: [], relatedPhones: [], relatedEmails: [], relatedBranches: [] };

/** A website that names company OGRN `ogrn` alone (requisites and WhoIs), with no other company. */
const domainNaming = (id: number, ogrn: string) =>
  record('domain', (r) => {
    Object.assign(r, { id, title: `site${id}.ru`, ...noLists, similarDomains: [], competitorDomains: [] });
    Object.assign(block(r, 'whoIs'), { inn: null, ogrn: null });
    Object.assign(block(r, 'websiteRequisites'), { inns: [], ogrns: [ogrn] });
  });

/** A company whose founders are `founders` (CompanyPerson entries), with no lists. */
const companyFoundedBy = (id: number, inn: string, founders: Json[]) =>
  record('company', (r) => {
    Object.assign(r, { id, title: `ООО "Компания ${id}"`, ...noLists, similarCompanies: [], competitorCompanies: [] });
    Object.assign(block(r, 'companyRequisites'), { inn, ogrn: null });
    r.companyManagersAndFounders = { managers: [], founders };
    r.companyPredecessorsAndSuccessors = null;
    r.companyContacts = null;
  });

describe('entity resolution by identifiers on a real Neo4j', () => {
  let driver: Driver;
  const database = () => testConnection().database;
  const query = async (cypher: string, params: Record<string, unknown> = {}) =>
    (await driver.executeQuery(cypher, params, { database: database() })).records.map((r) => r.toObject());

  /** As the crawler commits: record nodes and key stubs, pivots, then history (retireUnseen), in one transaction. */
  function write(records: Fetched[], now: string) {
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
        const written = await writeGraph(tx, [...mapped, { nodes: batches.flatMap((b) => b.keyStubs), edges: [] }], now);
        await writePivots(tx, batches, now, { adoptKeyStubs: written.keyConflicts > 0 });
        await retireUnseen(tx, written.refetchable, now);
      },
      { database: database() },
    );
  }

  /** Every relationship into the company known by `keys`, with all its properties, sorted. */
  const linksInto = (keys: string[]) =>
    query(
      `MATCH (a)-[r]->(c:Company) WHERE c.key IN $keys
       RETURN type(r) AS type, a.id AS from, [k IN keys(r) | [k, CASE WHEN k IN ['firstSeenAt', 'lastSeenAt', 'removedAt'] THEN toString(r[k]) ELSE r[k] END]] AS props
       ORDER BY type, from`,
      { keys },
    ).then((rows) =>
      rows.map((row) => ({
        type: row.type as string,
        from: row.from as number,
        props: Object.fromEntries((row.props as [string, unknown][]).sort()),
      })),
    );
  const countsByType = () =>
    query(
      // Every relationship but those of the record written at T3 (its own activities, address, ...).
      'MATCH (a)-[r]->() WHERE a.id IS NULL OR a.id <> 21003 RETURN type(r) AS type, count(r) AS n ORDER BY type',
    ).then((rows) => Object.fromEntries(rows.map((row) => [row.type, row.n])));

  beforeAll(async () => {
    driver = await openTestDriver();
  });
  beforeEach(async () => resetGraph(driver));
  afterAll(async () => driver?.close());

  it('links a founding company to its Company node by HAS_OFFICER, one node once it is fetched, and no Person for it', async () => {
    await write([record('company')], T1);
    const stub = await query(
      "MATCH (:Company {id: 20001})-[r:HAS_OFFICER]->(c:Landing:Company {key: '7707083893'}) RETURN c.id AS id, c.status AS status, c.title AS title, c.ogrn AS ogrn, r.role AS role, r.posts AS posts, r.via AS via",
    );
    expect(stub).toEqual([
      {
        id: null,
        status: 'stub',
        title: 'АО "Чайный дом"',
        ogrn: '1027700132195',
        role: 'founder',
        posts: ['Участник'],
        via: ['companyManagersAndFounders.founders'],
      },
    ]);
    expect(await query("MATCH (p:Person) WHERE p.inn IN ['7707083893', '7701000001'] RETURN p")).toEqual([]);
    // The founder's own record arrives (fetched by page number): it becomes that node, the link stays.
    const founder = record('company', (r) => {
      Object.assign(r, { id: 20002, title: 'АО "Чайный дом"', ...noLists, similarCompanies: [], competitorCompanies: [] });
      Object.assign(block(r, 'companyRequisites'), { inn: '7707083893', ogrn: '1027700132195' });
      r.companyManagersAndFounders = null;
      r.companyPredecessorsAndSuccessors = null;
    });
    await write([founder], T2);
    const fetched = await query(
      "MATCH (c:Company) WHERE c.key = '7707083893' OR c.id = 20002 OPTIONAL MATCH (o:Company)-[r:HAS_OFFICER]->(c) RETURN c.id AS id, c.status AS status, o.id AS from, r.role AS role",
    );
    expect(fetched).toEqual([{ id: 20002, status: 'fetched', from: 20001, role: 'founder' }]);
  });

  it('merges company stubs keyed by OGRN into the node keyed by the INN stated with it, losing no relationship or property', async () => {
    // T1: a website names OGRN 1027700132195 alone; a company names a founder by that OGRN alone: one stub, two links.
    await write(
      [
        domainNaming(1100001, '1027700132195'),
        companyFoundedBy(21001, '7709000001', [
          { ogrn: '1027700132195', inn: null, name: 'АО "Чайный дом"', post: 'Учредитель', type: 'LEGAL' },
        ]),
      ],
      T1,
    );
    // T2: another company names the same company by INN alone: a second stub.
    await write(
      [
        companyFoundedBy(21002, '7709000002', [
          { ogrn: null, inn: '7707083893', name: 'АО "Чайный дом"', post: 'Участник', type: 'LEGAL' },
        ]),
      ],
      T2,
    );
    expect(await query('MATCH (c:Company) WHERE c.id IS NULL RETURN c.key AS key ORDER BY key')).toEqual([
      { key: '1027700132195' },
      { key: '7707083893' },
    ]);
    const before = { counts: await countsByType(), links: await linksInto(['1027700132195', '7707083893']) };
    expect(before.links.map((l) => [l.type, l.from])).toEqual([
      ['HAS_OFFICER', 21001],
      ['HAS_OFFICER', 21002],
      ['NAMES_COMPANY', 1100001],
    ]);
    // T3: a third company's founder entry states both numbers: the OGRN stub folds into the INN node.
    await write(
      [
        companyFoundedBy(21003, '7709000003', [
          { ogrn: '1027700132195', inn: '7707083893', name: 'АО «Чайный дом»', post: 'Участник', type: 'LEGAL' },
        ]),
      ],
      T3,
    );
    // One node, keyed by the INN, the OGRN noted; a stub shows the name it was last given.
    const nodes = await query(
      "MATCH (c:Company) WHERE c.key IN ['1027700132195', '7707083893'] RETURN c.key AS key, c.ogrn AS ogrn, c.mergedKeys AS merged, c.title AS title, toString(c.firstSeenAt) AS first",
    );
    expect(nodes).toEqual([
      { key: '7707083893', ogrn: '1027700132195', merged: ['1027700132195'], title: 'АО «Чайный дом»', first: '2026-11-21T12:00:00Z' },
    ]);
    const after = { counts: await countsByType(), links: await linksInto(['7707083893']) };
    // Nothing lost: the same relationships by type, each with all its properties (and the new founder link).
    expect(after.counts).toEqual(before.counts);
    expect(after.links.filter((l) => l.from === 21003).map((l) => l.type)).toEqual(['HAS_OFFICER']);
    expect(after.links.filter((l) => l.from !== 21003)).toEqual(before.links);
    expect(after.links.find((l) => l.from === 1100001)?.props).toEqual({
      firstSeenAt: '2026-11-21T12:00:00Z',
      lastSeenAt: '2026-11-21T12:00:00Z',
      via: ['websiteRequisites.ogrns'],
    });
    // T4: the website is fetched again and still names the OGRN alone: resolved to the same node by its stored OGRN, not a new stub.
    await write([domainNaming(1100001, '1027700132195')], T4);
    expect(await query("MATCH (c:Company {key: '1027700132195'}) RETURN c")).toEqual([]);
    const renamed = await query(
      'MATCH (:Domain {id: 1100001})-[r:NAMES_COMPANY]->(c:Company) RETURN c.key AS key, toString(r.firstSeenAt) AS first, toString(r.lastSeenAt) AS last, r.removedAt AS removed',
    );
    expect(renamed).toEqual([{ key: '7707083893', first: '2026-11-21T12:00:00Z', last: '2026-11-24T12:00:00Z', removed: null }]);
    expect(await countsByType()).toEqual(after.counts);
  });

  it('folds an OGRN stub into a company record that states both numbers when it is fetched', async () => {
    await write([domainNaming(1100001, '1157746123456')], T1);
    await write([record('company')], T2);
    const rows = await query(
      "MATCH (c:Company) WHERE c.key IN ['1157746123456', '7701234567'] OPTIONAL MATCH (d:Domain)-[r:NAMES_COMPANY]->(c) RETURN c.id AS id, c.key AS key, c.status AS status, c.mergedKeys AS merged, d.id AS from, r.via AS via",
    );
    expect(rows).toEqual([
      { id: 20001, key: '7701234567', status: 'fetched', merged: ['1157746123456'], from: 1100001, via: ['websiteRequisites.ogrns'] },
    ]);
  });

  it('links an e-mail record to its domain whichever arrives first, punycode or not, and retires the link when the address changes', async () => {
    // The e-mail first: its domain is a key-only stub that the website's record becomes.
    const email = record('email', (r) => Object.assign(r, { title: 'Info@XN--80AKHBYKNJ4F.xn--p1ai', ...noLists }));
    await write([email], T1);
    expect(
      await query(
        'MATCH (e:Email {id: 40001})-[r:AT_DOMAIN]->(d:Domain) RETURN e.key AS email, d.key AS domain, d.status AS status, r.via AS via',
      ),
    ).toEqual([{ email: 'info@испытание.рф', domain: 'испытание.рф', status: 'stub', via: ['title'] }]);
    const site = record('domain', (r) =>
      Object.assign(r, { id: 1100002, title: 'испытание.рф', ...noLists, similarDomains: [], competitorDomains: [] }),
    );
    await write([site], T2);
    expect(
      await query(
        "MATCH (d:Domain) WHERE d.key = 'испытание.рф' OR d.id = 1100002 OPTIONAL MATCH (e:Email)-[:AT_DOMAIN]->(d) RETURN d.id AS id, d.status AS status, e.id AS email",
      ),
    ).toEqual([{ id: 1100002, status: 'fetched', email: 40001 }]);
    // The domain first: a second address at it links to the fetched node.
    const other = record('email', (r) => Object.assign(r, { id: 40002, title: 'opt@испытание.рф', ...noLists }));
    await write([other], T3);
    expect(await query('MATCH (e:Email)-[:AT_DOMAIN]->(d:Domain {id: 1100002}) RETURN e.id AS id ORDER BY id')).toEqual([
      { id: 40001 },
      { id: 40002 },
    ]);
    expect(await query('MATCH (d:Domain) RETURN count(d) AS n')).toEqual([{ n: 1 }]);
    // History: the address moves to another domain; the old link is kept with removedAt.
    other.json.title = 'opt@lavka-chaya.ru';
    await write([other], T4);
    const links = await query(
      'MATCH (:Email {id: 40002})-[r:AT_DOMAIN]->(d:Domain) RETURN d.key AS domain, toString(r.removedAt) AS removed ORDER BY domain',
    );
    expect(links).toEqual([
      { domain: 'lavka-chaya.ru', removed: null },
      { domain: 'испытание.рф', removed: '2026-11-24T12:00:00Z' },
    ]);
  });
});
