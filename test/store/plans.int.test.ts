import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frozenStatements, planOperators, SCAN_OPERATORS } from './plans.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

/**
 * The statements marked `CYPHER replan=skip` keep the plan Neo4j makes the first time it sees them, which
 * for a new graph is an empty one. This plans each of them afresh on an empty graph and fails on any scan:
 * kept, a scan would run for every row of every commit however large the graph grows.
 */
describe('statements planned once (CYPHER replan=skip) on an empty graph', () => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
  });
  afterAll(async () => driver?.close());

  it('plan every lookup through an index and every MERGE as an expansion, never a scan', async () => {
    const statements = frozenStatements();
    expect(statements.map((s) => s.name)).toEqual(
      expect.arrayContaining(['upsert-nodes-by-id', 'upsert-edges', 'pivots/upsert-pivot-links', 'frontier-complete', 'frontier-page']),
    );
    const scans: string[] = [];
    for (const { name, text } of statements) {
      const operators = await planOperators(driver, text, testConnection().database);
      expect(operators.length, name).toBeGreaterThan(2);
      for (const op of operators) if (SCAN_OPERATORS.some((scan) => op.startsWith(scan))) scans.push(`${name}: ${op}`);
    }
    expect(scans).toEqual([]);
  });
});
