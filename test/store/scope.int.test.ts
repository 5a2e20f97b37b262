import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LandingRef } from '../../src/api/refs.js';
import { isLandingGraphError } from '../../src/errors.js';
import { type ScopeOptions, walkScope } from '../../src/store/scope.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

/**
 * The one walker of `<seeds> --depth N` (docs/scope.md: the records a crawl of the seeds to depth N fetches; networks,
 * flags, changes and export) on a small hand-made graph:
 *
 *   c1 -SIMILAR-> c3 -COMPETITOR-> c4 -RELATED (first seen on day 5)-> c5     (lists: the walk)
 *   c2 -RELATED-> c1                                 (c2 lists c1: c1 does not reach c2, the walk is directed)
 *   c1 -HAS_OFFICER-> p1 <-HAS_OFFICER- c2           (a shared officer: no hop, identifiers are not walked)
 *   c1 -RELATED (removed on day 3)-> d1              (history)
 *   c1 -REGISTERED_AT-> a1                           (what c1 states)
 *   c1 -RELATED-> b1                                 (a branch: listed, never fetched, so stated but not walked)
 *   c3 -LISTS_CONTACT (first seen on day 5)-> e1     (what c3 states)
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
       CREATE (b1:Landing:Branch {kind: 'branch', id: 401, name: 'b1', firstSeenAt: datetime($day1)})
       CREATE (e1:Landing:Email {kind: 'email', key: 'e1@d1.test', id: 301, name: 'e1', firstSeenAt: datetime($day5)})
       CREATE (c1)-[:SIMILAR {firstSeenAt: datetime($day1)}]->(c3), (c3)-[:COMPETITOR {firstSeenAt: datetime($day1)}]->(c4)
       CREATE (c4)-[:RELATED {firstSeenAt: datetime($day5)}]->(c5), (c2)-[:RELATED {firstSeenAt: datetime($day1)}]->(c1)
       CREATE (c1)-[:HAS_OFFICER {firstSeenAt: datetime($day1)}]->(p1), (c2)-[:HAS_OFFICER {firstSeenAt: datetime($day1)}]->(p1)
       CREATE (c1)-[:RELATED {firstSeenAt: datetime($day1), removedAt: datetime($day3), removals: [datetime($day3)]}]->(d1)
       CREATE (c1)-[:REGISTERED_AT {firstSeenAt: datetime($day1)}]->(a1), (c1)-[:RELATED {firstSeenAt: datetime($day1)}]->(b1)
       CREATE (c3)-[:LISTS_CONTACT {firstSeenAt: datetime($day5)}]->(e1)
       WITH 1 AS done
       MATCH (n) RETURN elementId(n) AS id, n.name AS name`,
      { day1: DAY(1), day3: DAY(3), day5: DAY(5) },
      { database },
    );
    for (const r of records) names.set(r.get('id') as string, r.get('name') as string);
  });
  afterAll(async () => driver?.close());

  it("walks the records' own current lists, outgoing only: depth 0 is the seeds", async () => {
    expect((await walk([company(1)], { depth: 0 })).names).toEqual(['c1']);
    const scope = await walk([company(1)], { depth: 3 });
    expect(scope.names).toEqual(['c1', 'c3', 'c4', 'c5']);
    expect(scope.nodesByHop).toEqual([1, 1, 1, 1]);
    expect(scope.records).toBe(4);
    expect((await walk([company(1)], { depth: 1 })).names).toEqual(['c1', 'c3']);
    // Directed: c3 lists c4, c4 does not reach c3; c2 lists c1, so c2 reaches c1 and not the reverse.
    expect((await walk([company(4)], { depth: 5 })).names).toEqual(['c4', 'c5']);
    expect((await walk([company(2)], { depth: 1 })).names).toEqual(['c1', 'c2']);
    // No identifier is a hop (c1 and c2 share p1), no pivot nor branch is in the ball, the removed entry is not walked.
    expect((await walk([company(1)], { depth: 9 })).names).toEqual(['c1', 'c3', 'c4', 'c5']);
  });

  it("'ever' walks removed list entries too (a change report); as of a time, the lists of then", async () => {
    expect((await walk([company(1)], { depth: 1, state: 'ever' })).names).toEqual(['c1', 'c3', 'd1']);
    expect((await walk([company(1)], { depth: 1, state: { asOf: DAY(2) } })).names).toEqual(['c1', 'c3', 'd1']);
    expect((await walk([company(1)], { depth: 3, state: { asOf: DAY(4) } })).names).toEqual(['c1', 'c3', 'c4']);
    expect((await walk([company(1)], { depth: 3, state: { asOf: DAY(6) } })).names).toEqual(['c1', 'c3', 'c4', 'c5']);
  });

  it('stated (the export): the ball plus what its records state, one outgoing hop: stubs at N+1 and pivots', async () => {
    const scope = await walk([company(1)], { depth: 1, stated: true });
    expect(scope.names).toEqual(['a1', 'b1', 'c1', 'c3', 'c4', 'e1', 'p1']);
    expect(scope.records).toBe(2);
    expect(scope.nodesByHop).toEqual([1, 1, 5]);
    expect((await walk([company(1)], { depth: 0, stated: true })).names).toEqual(['a1', 'b1', 'c1', 'c3', 'p1']);
    // As of day 2: the RELATED to d1 existed, the contact e1 did not.
    expect((await walk([company(1)], { depth: 1, stated: true, state: { asOf: DAY(2) } })).names).toEqual([
      'a1',
      'b1',
      'c1',
      'c3',
      'c4',
      'd1',
      'p1',
    ]);
    // A ball that ends early still counts each hop, then the stated one.
    expect((await walk([company(4)], { depth: 3, stated: true })).nodesByHop).toEqual([1, 1, 0, 0, 0]);
  });

  it('stops once more than maxNodes are found, saying at which hop', async () => {
    const scope = await walk([company(1)], { depth: 3, maxNodes: 2 });
    expect(scope.exceededAtHop).toBe(2);
    expect(scope.nodesByHop).toEqual([1, 1, 1]);
    expect((await walk([company(1), company(2)], { depth: 0, maxNodes: 1 })).exceededAtHop).toBe(0);
    expect((await walk([company(1)], { depth: 1, stated: true, maxNodes: 3 })).exceededAtHop).toBe(2);
    expect((await walk([company(1)], { depth: 1, stated: true, maxNodes: 7 })).exceededAtHop).toBeUndefined();
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
      10,
    );
  });
});
