import neo4j, { type Driver } from 'neo4j-driver';
import { inject } from 'vitest';
import { connectNeo4j, type Neo4jConnection } from '../../src/store/connect.js';
import type { TestNeo4j } from './global-setup.js';

/**
 * The Neo4j of this test file: test/support/global-setup.ts found one for each file that runs at once, and vitest
 * numbers the forks running at once from 1 (VITEST_POOL_ID), so no two files share a server.
 */
export function testServer(): TestNeo4j {
  const servers = inject('neo4jServers');
  const slot = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  const server = servers[slot % servers.length];
  if (!server) throw new Error('no Neo4j for the tests: test/support/global-setup.ts provided none');
  return server;
}

export function testConnection(): Neo4jConnection {
  const { uri, username, password, database } = testServer();
  return { uri, username, password, database };
}

export async function openTestDriver(): Promise<Driver> {
  return connectNeo4j(testConnection());
}

/**
 * Community Edition has one user database, so each test file has a server to itself while it runs (testServer)
 * and starts from an empty graph. The schema (constraints, indexes) stays.
 */
export async function resetGraph(driver: Driver): Promise<void> {
  const { database } = testConnection();
  // CALL { } IN TRANSACTIONS needs an auto-commit transaction: session.run, not executeQuery.
  const session = driver.session(database ? { database } : {});
  try {
    await session.run('MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS');
  } finally {
    await session.close();
  }
}

/** Rows of a read written by a test (its own statement, independent of the code under test), integers as numbers. */
export async function plainRows(driver: Driver, statement: string, params: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const { database } = testConnection();
  return (await driver.executeQuery(statement, params, database ? { database } : {})).records.map((r) =>
    Object.fromEntries(Object.entries(r.toObject()).map(([k, v]) => [k, neo4j.isInt(v) ? v.toNumber() : v])),
  );
}

/** A test's own read: rows as plainRows gives them. */
export type CypherRows = (statement: string, params: Record<string, unknown>) => Promise<Record<string, unknown>[]>;

/** The `cypher` fixture (`test.extend<{ cypher: CypherRows }>(cypherFixture)`): plainRows on the file's driver. */
export const cypherFixture = {
  cypher: async ({ driver }: { driver: Driver }, use: (cypher: CypherRows) => Promise<void>) => {
    await use((statement, params) => plainRows(driver, statement, params));
  },
};
