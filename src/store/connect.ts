import neo4j, { type Driver } from 'neo4j-driver';
import { toStoreError } from './neo4j-errors.js';

export interface Neo4jConnection {
  /** bolt://, bolt+s://, neo4j:// or neo4j+s:// (clusters and Aura). */
  uri: string;
  username: string;
  password: string;
  /** Default: the server's default database. */
  database?: string | undefined;
}

/**
 * Open a driver and check that the server answers and accepts the credentials. Integers come back as
 * JavaScript numbers: page numbers and counts stay far below 2^53.
 */
export async function connectNeo4j(connection: Neo4jConnection): Promise<Driver> {
  let driver: Driver;
  try {
    driver = neo4j.driver(connection.uri, neo4j.auth.basic(connection.username, connection.password), {
      disableLosslessIntegers: true,
      userAgent: 'landing-graph',
      maxConnectionPoolSize: 50,
      connectionAcquisitionTimeout: 60_000,
    });
  } catch (error) {
    throw toStoreError(error, `opening ${connection.uri}`);
  }
  try {
    await driver.verifyConnectivity(connection.database ? { database: connection.database } : {});
  } catch (error) {
    await driver.close().catch(() => undefined);
    throw toStoreError(error, `connecting to ${connection.uri}`);
  }
  return driver;
}
