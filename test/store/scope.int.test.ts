import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LandingRef } from '../../src/api/refs.js';
import { isLandingGraphError } from '../../src/errors.js';
import { type ScopeOptions, walkScope } from '../../src/store/scope.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

/**
 * The one walker of "the records within N of these seeds" (changes, networks, export) on a small hand-made graph:
 *
 *   c1 -HAS_OFFICER-> p1 <-HAS_OFFICER- c2          (a shared officer: a tie through an identifier)
 *   c1 -SIMILAR-> c3                                 (a list link, not a tie)
 *   c1 -RELATED (removed on day 3)-> d1              (history)
 *   c1 -REGISTERED_AT-> a1 <-REGISTERED_AT- c4, c5   (a hub once maxShared is 2: three records hold it)
 *   c2 -LISTS_CONTACT (first seen on day 5)-> e1
 */
const DAY = (n: number) => `2026-11-0${n}T00:00:00.000Z`;
const company = (n: number): LandingRef => ({ kind: 'company', key: `770000000${n}` });

describe('walkScope on a real Neo4j', () => {
  let driver: Driver;
  const database = testConnection().database;
  const names = new Map<string, string>();

  async function walk(seeds: LandingRef[], options: ScopeOptions) {
    const session = driver.session(database ? { database } : {});
    try {
      const scope = await session.executeRead((tx) => walkScope(tx, seeds, options));
      return { ...scope, names: scope.elementIds.map((id) => names.get(id) ?? id).sort() };
    } finally {
      await session.close();
    }
  }

  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
    const { records } = await driver.executeQuery(
      `UNWIND range(1, 5) AS n
       CREATE (c:Landing:Company {kind: 'company', key: '770000000' + n, id: 100 + n, name: 'c' + n, firstSeenAt: datetime($day1)})
       WITH collect(c) AS cs
       WITH cs[0] AS c1, cs[1] AS c2, cs[2] AS c3, cs[3] AS c4, cs[4] AS c5
       CREATE (p1:Pivot:Person {key: 'p1', value: 'Иванов', name: 'p1', firstSeenAt: datetime($day1)})
       CREATE (a1:Pivot:Address {key: 'a1', value: 'Арбат 10', name: 'a1', firstSeenAt: datetime($day1)})
       CREATE (d1:Landing:Domain {kind: 'domain', key: 'd1.test', id: 201, name: 'd1', firstSeenAt: datetime($day1)})
       CREATE (e1:Landing:Email {kind: 'email', key: 'e1@d1.test', id: 301, name: 'e1', firstSeenAt: datetime($day5)})
       CREATE (c1)-[:HAS_OFFICER {firstSeenAt: datetime($day1)}]->(p1), (c2)-[:HAS_OFFICER {firstSeenAt: datetime($day1)}]->(p1)
       CREATE (c1)-[:SIMILAR {firstSeenAt: datetime($day1)}]->(c3)
       CREATE (c1)-[:RELATED {firstSeenAt: datetime($day1), removedAt: datetime($day3), removals: [datetime($day3)]}]->(d1)
       CREATE (c1)-[:REGISTERED_AT {firstSeenAt: datetime($day1)}]->(a1), (c4)-[:REGISTERED_AT {firstSeenAt: datetime($day1)}]->(a1),
              (c5)-[:REGISTERED_AT {firstSeenAt: datetime($day1)}]->(a1)
       CREATE (c2)-[:LISTS_CONTACT {firstSeenAt: datetime($day5)}]->(e1)
       WITH 1 AS done
       MATCH (n) RETURN elementId(n) AS id, n.name AS name`,
      { day1: DAY(1), day3: DAY(3), day5: DAY(5) },
      { database },
    );
    for (const r of records) names.set(r.get('id') as string, r.get('name') as string);
  });
  afterAll(async () => driver?.close());

  it('over every current relationship: the removed link is not walked, the list link is', async () => {
    const scope = await walk([company(1)], { depth: 1 });
    expect(scope.names).toEqual(['a1', 'c1', 'c3', 'p1']);
    expect(scope.nodesByHop).toEqual([1, 3]);
    expect((await walk([company(1)], { depth: 2 })).names).toEqual(['a1', 'c1', 'c2', 'c3', 'c4', 'c5', 'p1']);
  });

  it("'ever' walks removed relationships too (a change report); as of a time, what existed then", async () => {
    expect((await walk([company(1)], { depth: 1, state: 'ever' })).names).toEqual(['a1', 'c1', 'c3', 'd1', 'p1']);
    expect((await walk([company(1)], { depth: 1, state: { asOf: DAY(2) } })).names).toEqual(['a1', 'c1', 'c3', 'd1', 'p1']);
    expect((await walk([company(1)], { depth: 3, state: { asOf: DAY(4) } })).names).not.toContain('e1');
    expect((await walk([company(1)], { depth: 3, state: { asOf: DAY(6) } })).names).toContain('e1');
  });

  it('over ties through identifiers: one hop from record to record, list links ignored, hubs not entered', async () => {
    const ties = await walk([company(1)], { depth: 1, over: 'ties', throughIdentifiers: true });
    expect(ties.names).toEqual(['a1', 'c1', 'c2', 'c4', 'c5', 'p1']);
    const noHubs = await walk([company(1)], { depth: 1, over: 'ties', throughIdentifiers: true, maxShared: 2 });
    expect(noHubs.names).toEqual(['c1', 'c2', 'p1']);
  });

  it('stops once more than maxNodes are found, saying at which hop', async () => {
    const scope = await walk([company(1)], { depth: 2, maxNodes: 4 });
    expect(scope.exceededAtHop).toBe(2);
    expect(scope.nodesByHop.slice(0, 2)).toEqual([1, 3]);
    expect((await walk([company(1), company(2)], { depth: 0, maxNodes: 1 })).exceededAtHop).toBe(0);
    expect((await walk([company(1)], { depth: 2, maxNodes: 7 })).exceededAtHop).toBeUndefined();
  });

  it('names every seed the graph lacks in one SEED_INVALID error; as of a time, one first seen later', async () => {
    const refusal = await walk([company(1), { kind: 'domain', key: "x'}) DETACH DELETE n //.test" }, { kind: 'phone', id: 9 }], {
      depth: 1,
    }).catch((error: unknown) => error);
    expect(isLandingGraphError(refusal, 'SEED_INVALID')).toBe(true);
    expect((refusal as Error).message).toBe(
      'not in the graph: "domain:x\'}) DETACH DELETE n //.test", "phone#9" (crawl them first, or check the kind and key)',
    );
    const later = await walk([{ kind: 'email', key: 'e1@d1.test' }], { depth: 0, state: { asOf: DAY(2) } }).catch((e: unknown) => e);
    expect((later as Error).message).toMatch(/^not in the graph as of 2026-11-02T00:00:00.000Z: "email:e1@d1.test" \(first seen later/);
    expect(await driver.executeQuery('MATCH (n) RETURN count(n) AS n', {}, { database }).then((r) => Number(r.records[0]!.get('n')))).toBe(
      9,
    );
  });
});
