import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitStatements, planOperators, scansIn } from './plans.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

/**
 * A new graph's first commit plans the commit statements on an empty or tiny graph, and Neo4j keeps those plans
 * (they carry `CYPHER replan=skip`): a scan planned there runs for every row of every commit after (a MERGE with a
 * dynamic relationship type did; so did lookups hinted `USING INDEX`, which an index scan satisfies, wherever the
 * statistics said that index was empty). This plans each afresh on such graphs and fails on any scan.
 */
describe('commit statements planned on an empty or tiny graph', () => {
  let driver: Driver;
  const database = testConnection().database;
  const query = async (text: string) => driver.executeQuery(text, {}, database ? { database } : {});
  const scans = async (): Promise<string[]> => {
    const found: string[] = [];
    for (const { name, text } of commitStatements()) {
      const operators = await planOperators(driver, text, database);
      expect(operators.length, name).toBeGreaterThan(2);
      for (const op of scansIn(operators)) found.push(`${name}: ${op}`);
    }
    return found;
  };
  /** Landing nodes written by `create`, then index samples that say how many have an id and a key. */
  const tinyGraph = async (create: string, sizes: { withId: number; withKey: number }) => {
    await resetGraph(driver);
    await query(create);
    await query("CALL db.resampleIndex('landing_kind_id')");
    await query("CALL db.resampleIndex('landing_kind_key')");
    // Sampling runs in the background: wait until the planner's statistics are those of this graph.
    const sampled = async () => {
      const result = await query("CALL db.stats.retrieve('GRAPH COUNTS') YIELD data RETURN data.indexes AS indexes");
      const indexes = result.records[0]?.get('indexes') as { labels?: string[]; properties: string[]; totalSize: unknown }[];
      const size = (property: string) =>
        Number(indexes.find((i) => i.labels?.includes('Landing') && i.properties.join() === `kind,${property}`)?.totalSize);
      return size('id') === sizes.withId && size('key') === sizes.withKey;
    };
    for (let tries = 0; !(await sampled()); tries++) {
      if (tries > 100) throw new Error('index samples did not settle in 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  beforeAll(async () => {
    driver = await openTestDriver();
  });
  afterAll(async () => {
    await resetGraph(driver);
    await driver?.close();
  });

  it('are kept once planned: each starts with CYPHER replan=skip', () => {
    const unkept = commitStatements().filter(({ text }) => !text.startsWith('CYPHER replan=skip'));
    expect(unkept.map(({ name }) => name)).toEqual([]);
  });

  it('plan every lookup as an index seek and every MERGE as an expansion on an empty graph', async () => {
    await resetGraph(driver);
    expect(await scans()).toEqual([]);
  });

  it('keep to index seeks where the statistics say no node has a key yet', async () => {
    await tinyGraph("UNWIND range(1, 100) AS i CREATE (:Landing:Domain {kind: 'domain', id: toString(i)})", { withId: 100, withKey: 0 });
    expect(await scans()).toEqual([]);
  });

  it('keep to index seeks where the statistics say no node has a page number yet', async () => {
    await tinyGraph("UNWIND range(1, 100) AS i CREATE (:Landing:Domain {kind: 'domain', key: toString(i)})", { withId: 0, withKey: 100 });
    expect(await scans()).toEqual([]);
  });
});
