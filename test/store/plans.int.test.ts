import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitStatements, planOperators, SCAN_OPERATORS } from './plans.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

/**
 * A new graph's first commit plans the commit statements on an empty graph, and Neo4j keeps those plans until
 * the statistics have moved far enough: a scan planned there runs for every row of the commits until then (a
 * MERGE with a dynamic relationship type did). This plans each afresh on an empty graph and fails on any scan.
 */
describe('commit statements planned on an empty graph', () => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await openTestDriver();
    await resetGraph(driver);
  });
  afterAll(async () => driver?.close());

  it('plan every lookup through an index and every MERGE as an expansion, never a scan', async () => {
    const statements = commitStatements();
    const scans: string[] = [];
    for (const { name, text } of statements) {
      const operators = await planOperators(driver, text, testConnection().database);
      expect(operators.length, name).toBeGreaterThan(2);
      for (const op of operators) if (SCAN_OPERATORS.some((scan) => op.startsWith(scan))) scans.push(`${name}: ${op}`);
    }
    expect(scans).toEqual([]);
  });
});
