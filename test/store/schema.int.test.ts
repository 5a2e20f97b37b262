import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runText } from '../../src/store/executor.js';
import { cypher } from '../../src/store/cypher-files.js';
import { applySchema } from '../../src/store/schema.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

describe('cypher/schema.cypher on a real Neo4j', () => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
  });
  afterAll(async () => driver?.close());

  it('applies twice without error and its constraints are in force', async () => {
    const { database } = testConnection();
    await applySchema(driver, { database });
    await applySchema(driver, { database });
    const constraints = await runText(driver, 'SHOW CONSTRAINTS YIELD name RETURN collect(name) AS names', {}, { mode: 'read', database });
    expect(constraints[0]?.names).toEqual(expect.arrayContaining(['landing_kind_id', 'landing_kind_key', 'crawl_id', 'crawl_task_uid']));
  });

  it('MERGEs a node and reads it back, and a duplicate key is refused', async () => {
    const { database } = testConnection();
    const hostile = "'}) DETACH DELETE n // пример 🚀";
    await runText(
      driver,
      'MERGE (d:Landing:Domain {kind: "domain", key: $key}) SET d.title = $title',
      { key: 'example.com', title: hostile },
      { database },
    );
    await runText(
      driver,
      'MERGE (d:Landing:Domain {kind: "domain", key: $key}) SET d.title = $title',
      { key: 'example.com', title: hostile },
      { database },
    );
    const rows = await runText(
      driver,
      'MATCH (d:Domain {key: $key}) RETURN d.title AS title, count(*) AS n',
      { key: 'example.com' },
      { mode: 'read', database },
    );
    expect(rows).toEqual([{ title: hostile, n: 1 }]);
    await expect(
      runText(driver, 'CREATE (:Landing:Domain {kind: "domain", key: $key})', { key: 'example.com' }, { database }),
    ).rejects.toMatchObject({ code: 'NEO4J_CONFLICT' });
  });
  it("renames the fan-out cut's old property names on a graph written before them, finding them by index", async () => {
    const { database } = testConnection();
    await resetGraph(driver);
    await runText(
      driver,
      `CREATE (:Landing:Company {kind: 'company', id: 7, key: '7701234567', hub: true, hubLists: ['similar'], hubListLengths: [4000]})
       CREATE (:Landing:Domain {kind: 'domain', id: 8, key: 'quiet.ru'})`,
      {},
      { database },
    );
    await applySchema(driver, { database });
    await applySchema(driver, { database });
    const rows = await runText(
      driver,
      'MATCH (n:Landing) RETURN n.key AS key, n.fanoutCut AS fanoutCut, n.cutLists AS cutLists, n.cutListLengths AS lengths, n.hub AS hub, n.hubLists AS hubLists ORDER BY key',
      {},
      { mode: 'read', database },
    );
    expect(rows).toEqual([
      { key: '7701234567', fanoutCut: true, cutLists: ['similar'], lengths: [4000], hub: null, hubLists: null },
      { key: 'quiet.ru', fanoutCut: null, cutLists: null, lengths: null, hub: null, hubLists: null },
    ]);
    // Run at every writing command's start: it must not read every record of a large graph.
    const plan = await driver.executeQuery(`EXPLAIN ${cypher('migrations/fanout-cut-names')}`, {}, { database });
    expect(JSON.stringify(plan.summary.plan)).toContain('NodeIndexScan');
  });
});
