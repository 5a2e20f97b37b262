import type { Driver } from 'neo4j-driver';
import { connectNeo4j, type Neo4jConnection } from '../store/connect.js';
import { startLocalNeo4j } from '../store/local-neo4j.js';
import { applySchema } from '../store/schema.js';

export interface OpenGraphOptions {
  /** Apply cypher/schema.cypher (needs schema rights). Readers (query, export) pass false. Default: true. */
  applySchema?: boolean;
}

/** Connect to the configured Neo4j, or start the project's local one; the schema is applied for writers. */
export async function openGraph(
  connection: Neo4jConnection | undefined,
  log: (line: string) => void,
  options: OpenGraphOptions = {},
): Promise<{ driver: Driver; database: string | undefined; where: string }> {
  let where: string;
  if (!connection) {
    const local = await startLocalNeo4j({}, () =>
      log('no NEO4J_URI: starting the local Neo4j (scripts/neo4j-local; the first start fetches it from Maven Central)'),
    );
    connection = local.connection;
    where = `Neo4j Browser ${local.browserUrl} (user neo4j, password in ${local.passwordFile})`;
  } else {
    where = `${connection.uri}${connection.database ? ` database ${connection.database}` : ''}`;
  }
  const driver = await connectNeo4j(connection);
  if (options.applySchema === false) return { driver, database: connection.database, where };
  try {
    await applySchema(driver, { database: connection.database });
  } catch (error) {
    await driver.close();
    throw error;
  }
  return { driver, database: connection.database, where };
}
