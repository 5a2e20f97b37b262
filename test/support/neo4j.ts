import neo4j, { type Driver } from 'neo4j-driver';
import { inject } from 'vitest';
import { connectNeo4j, type Neo4jConnection } from '../../src/store/connect.js';

/** The Neo4j that test/support/global-setup.ts found. */
export function testConnection(): Neo4jConnection {
  const { uri, username, password, database } = inject('neo4j');
  return { uri, username, password, database };
}

export async function openTestDriver(): Promise<Driver> {
  return connectNeo4j(testConnection());
}

/**
 * Community Edition has one user database, so test files run one at a time (vitest.config.ts) and each
 * starts from an empty graph. The schema (constraints, indexes) stays.
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
