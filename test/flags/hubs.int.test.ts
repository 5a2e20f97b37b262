import type { Driver } from 'neo4j-driver';
import { describe, expect } from 'vitest';
import { computeFlags, type Flag } from '../../src/flags/index.js';
import { graphTest as test } from '../support/fixtures.js';

/**
 * The hub and public-infrastructure rules of `networks` in the flag rules, on a graph built by hand in a real Neo4j:
 * each pattern once through an ordinary record (it fires) and once through a hub record, a marketplace site or a
 * webmail domain (it must not). A hub here is a company 25 sites name as theirs (hub size 26 > 20).
 */
const LIQUIDATED = 'Ликвидирована';
const LIVE = 'Действующая';

/** Companies: key -> [status, registration date]; ids are the keys' numbers. */
const COMPANIES: Record<string, [string, string | null]> = {
  '7700000001': [LIQUIDATED, null], // lists a phone a live company lists: fires
  '7700000002': [LIVE, null],
  '7700000003': [LIQUIDATED, null], // shares a phone with the live hub only
  '7700000004': [LIVE, null], // the hub: 25 sites name it
  '7700000005': [LIQUIDATED, null], // a hub itself, sharing a phone with a live company
  '7700000006': [LIVE, null],
  '7700000007': [LIQUIDATED, null], // lists the webmail domain mail.ru as a site, as a live company does
  '7700000008': [LIVE, null],
  '7700000009': [LIVE, '2024-01-01'], // its own site 10 days younger: fires
  '7700000010': [LIVE, '2024-01-01'], // only gmail.com, "created" 5 days later
  '7700000011': [LIVE, '2024-01-01'], // only a portal 25 companies list, created 5 days later
  '7700000012': [LIVE, null], // competitors 12 and 13 share a phone: fires
  '7700000013': [LIVE, null],
  '7700000014': [LIVE, null], // competitors 14 (hub) and 15 share a phone
  '7700000015': [LIVE, null],
};

const SETUP = `
UNWIND $companies AS c
CREATE (:Landing:Company {kind: 'company', id: toInteger(c.key), key: c.key, title: 'ООО "Фирма ' + c.key + '"',
                          companyStatus: c.status, registrationDate: c.registered, status: 'fetched'})
WITH count(*) AS made
UNWIND $phones AS p
MATCH (c:Company {key: p.company})
MERGE (ph:Landing:Phone {kind: 'phone', key: p.phone})
CREATE (c)-[:LISTS_CONTACT]->(ph)
WITH count(*) AS listed
UNWIND $sites AS s
MATCH (c:Company {key: s.company})
MERGE (d:Landing:Domain {kind: 'domain', key: s.domain})
SET d.createdAt = s.created
CREATE (c)-[:RELATED]->(d)
WITH count(*) AS related
UNWIND $hubs AS h
MATCH (c:Company {key: h})
UNWIND range(1, 25) AS i
CREATE (:Landing:Domain {kind: 'domain', key: 'site' + toString(i) + '.' + h + '.ru'})-[:RELATED]->(c)
WITH count(*) AS naming
MATCH (a:Company {key: '7700000012'}), (b:Company {key: '7700000013'}), (x:Company {key: '7700000014'}), (y:Company {key: '7700000015'})
CREATE (a)-[:COMPETITOR]->(b), (x)-[:COMPETITOR]->(y)
WITH count(*) AS rivals
UNWIND range(1, 25) AS i
CREATE (c:Landing:Company {kind: 'company', id: 9000 + i, key: toString(7790000000 + i), companyStatus: 'Действующая', status: 'fetched'})
WITH c
MATCH (d:Domain {key: 'portal.ru'})
CREATE (c)-[:RELATED]->(d)
`;

describe('flags: a hub or a webmail domain ties nothing', () => {
  const phones = [
    ['7700000001', '+79000000001'],
    ['7700000002', '+79000000001'],
    ['7700000003', '+79000000003'],
    ['7700000004', '+79000000003'],
    ['7700000005', '+79000000005'],
    ['7700000006', '+79000000005'],
    ['7700000012', '+79000000012'],
    ['7700000013', '+79000000012'],
    ['7700000014', '+79000000014'],
    ['7700000015', '+79000000014'],
  ].map(([company, phone]) => ({ company, phone }));
  const sites = [
    ['7700000007', 'mail.ru', null],
    ['7700000008', 'mail.ru', null],
    ['7700000009', 'own-shop.ru', '2024-01-11'],
    ['7700000010', 'gmail.com', '2024-01-06'],
    ['7700000011', 'portal.ru', '2024-01-06'],
  ].map(([company, domain, created]) => ({ company, domain, created }));

  // Built once for the file, on the first test that asks (the graph fixture is the file's).
  let built: Promise<Flag[]> | undefined;
  const flagsOf = (driver: Driver, database: string | undefined) => {
    built ??= (async () => {
      const companies = Object.entries(COMPANIES).map(([key, [status, registered]]) => ({ key, status, registered }));
      await driver.executeQuery(SETUP, { companies, phones, sites, hubs: ['7700000004', '7700000005', '7700000014'] }, { database });
      return (await computeFlags(driver, { type: 'all' }, { database, write: false })).flags;
    })();
    return built;
  };
  const fired = async (driver: Driver, database: string | undefined, rule: string) =>
    (await flagsOf(driver, database))
      .filter((f) => f.rule === rule)
      .map((f) => f.record.key)
      .sort();

  test('liquidated-serves-live: not through a hub company on either side, nor through a webmail domain', async ({ driver, database }) => {
    expect(await fired(driver, database, 'liquidated-serves-live')).toEqual(['7700000001']);
  });

  test("young-company: gmail.com and a portal 25 companies list are no one's own site", async ({ driver, database }) => {
    expect(await fired(driver, database, 'young-company')).toEqual(['7700000009']);
  });

  test('competitors-share-control: a hub company ties nothing', async ({ driver, database }) => {
    expect(await fired(driver, database, 'competitors-share-control')).toEqual(['7700000012', '7700000013']);
  });

  test('the flagged record and its evidence are named by their names', async ({ driver, database }) => {
    const [flag] = (await flagsOf(driver, database)).filter((f) => f.rule === 'liquidated-serves-live');
    expect(flag?.record).toEqual({ kind: 'company', id: 7700000001, key: '7700000001', name: 'ООО "Фирма 7700000001"' });
    expect(flag?.evidence[0]?.records).toEqual([
      { kind: 'company', id: 7700000002, key: '7700000002', name: 'ООО "Фирма 7700000002"' },
      { kind: 'phone', id: null, key: '+79000000001', name: '+79000000001' },
    ]);
  });
});
