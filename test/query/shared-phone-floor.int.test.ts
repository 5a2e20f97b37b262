/**
 * `shared-phone` counts exactly only the numbers that can reach the rows shown (a floor from the most linked numbers,
 * cypher/queries/shared-phone.cypher). On a graph built so that the floor matters: a number of call centres over
 * maxShared among the most linked, a number with many links of another type and few records, a removed link, and a
 * tie at the last row. The expected rows are counted by hand from the graph below.
 */
import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findQuery, loadQueries, runQuery } from '../../src/query/library.js';
import { bindParams } from '../../src/query/params.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

const queries = loadQueries();

/** Each number, the domains that list it (current links), and the domains whose link to it was removed. */
const PHONES = [
  { key: '+70000000001', listedBy: 7, removed: 0 }, // call centre: 7 records, over maxShared 5
  { key: '+70000000002', listedBy: 4, removed: 0 },
  { key: '+70000000004', listedBy: 3, removed: 1 }, // 4 links, 3 current
  { key: '+70000000003', listedBy: 3, removed: 0 }, // ties with ...04 at 3, and sorts first
  { key: '+70000000005', listedBy: 2, removed: 0 }, // the most links of all (SIMILAR below), 2 records
];
const SIMILAR_OF_05 = 30;

describe('shared-phone when only the numbers above a floor are counted', () => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
    let domain = 0;
    for (const phone of PHONES) {
      const links = Array.from({ length: phone.listedBy + phone.removed }, (_, i) => ({
        domain: `d${++domain}.ru`,
        removedAt: i < phone.removed ? '2026-01-01T00:00:00Z' : null,
      }));
      await driver.executeQuery(
        `CREATE (ph:Landing:Phone {kind: 'phone', key: $key})
         WITH ph UNWIND $links AS link
         CREATE (:Landing:Domain {kind: 'domain', key: link.domain})-[:LISTS_CONTACT {removedAt: link.removedAt}]->(ph)`,
        { key: phone.key, links },
        { database: testConnection().database },
      );
    }
    await driver.executeQuery(
      `MATCH (ph:Phone {key: '+70000000005'})
       UNWIND range(1, $n) AS i
       CREATE (ph)-[:SIMILAR]->(:Landing:Phone {kind: 'phone', key: '+7100000' + right('0000' + toString(i), 4)})`,
      { n: SIMILAR_OF_05 },
      { database: testConnection().database },
    );
  });
  afterAll(async () => {
    await driver?.close();
  });

  const run = async (...assignments: string[]) => {
    const query = findQuery(queries, 'shared-phone');
    const { rows } = await runQuery(driver, query, bindParams(query, assignments), { database: testConnection().database });
    return rows.map((r) => [r.phone, r.sharedBy]);
  };

  it('finds the rows that counting every number finds', async () => {
    // Every number within 2..5 records, most shared first, then by number: ...02 (4), ...03 (3), ...04 (3), ...05 (2).
    expect(await run('maxShared=5')).toEqual([
      ['+70000000002', 4],
      ['+70000000003', 3],
      ['+70000000004', 3],
      ['+70000000005', 2],
    ]);
    // The first two: the call centre (7 > 5) and the removed link take no place; the tie goes by number.
    expect(await run('maxShared=5', 'limit=2')).toEqual([
      ['+70000000002', 4],
      ['+70000000003', 3],
    ]);
    expect(await run('maxShared=5', 'limit=3')).toEqual([
      ['+70000000002', 4],
      ['+70000000003', 3],
      ['+70000000004', 3],
    ]);
    // With the bound raised the call centre leads; with one row, only it.
    expect(await run('maxShared=10', 'limit=1')).toEqual([['+70000000001', 7]]);
    // A number asked for is counted whatever its links.
    expect(await run('phone=+7 000 000-00-05', 'limit=1')).toEqual([['+70000000005', 2]]);
  });
});
