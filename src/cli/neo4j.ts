import type { Driver } from 'neo4j-driver';
import { isLandingGraphError, LandingGraphError } from '../errors.js';
import { connectNeo4j, type Neo4jConnection } from '../store/connect.js';
import { type LocalNeo4j, startLocalNeo4j } from '../store/local-neo4j.js';
import { applySchema } from '../store/schema.js';
import type { Config } from './config.js';

export interface OpenGraphOptions {
  /** Apply cypher/schema.cypher (needs schema rights). Readers (query, export) pass false. Default: true. */
  applySchema?: boolean;
}

/** Connect to the configured Neo4j, or start the project's local one; the schema is applied for writers. */
export async function openGraph(
  config: Pick<Config, 'neo4j' | 'localNeo4j'>,
  log: (line: string) => void,
  options: OpenGraphOptions = {},
): Promise<{ driver: Driver; database: string | undefined; where: string }> {
  const { driver, connection, where } = config.neo4j
    ? {
        driver: await connectNeo4j(config.neo4j),
        connection: config.neo4j,
        where: `${config.neo4j.uri}${config.neo4j.database ? ` database ${config.neo4j.database}` : ''}`,
      }
    : await openLocal(config.localNeo4j, log);
  if (options.applySchema === false) return { driver, database: connection.database, where };
  try {
    await applySchema(driver, { database: connection.database, log });
  } catch (error) {
    await driver.close();
    throw error;
  }
  return { driver, database: connection.database, where };
}

/**
 * The local Neo4j, started when it is not running. A NEO4J_PASSWORD given without NEO4J_URI is used, and must open
 * it: ignored, a mistyped password or a NEO4J_URI forgotten would go unnoticed.
 */
async function openLocal(
  local: Config['localNeo4j'],
  log: (line: string) => void,
): Promise<{ driver: Driver; connection: Neo4jConnection; where: string }> {
  const started = await startLocalNeo4j(local.options, () =>
    log('no NEO4J_URI: starting the local Neo4j (scripts/neo4j-local; the first start fetches it from Maven Central)'),
  );
  const where = `Neo4j Browser ${started.browserUrl} (user neo4j, password in ${started.passwordFile})`;
  if (local.password === undefined) return { driver: await connectNeo4j(started.connection), connection: started.connection, where };
  const connection = { ...started.connection, username: local.username, password: local.password };
  try {
    return { driver: await connectNeo4j(connection), connection, where };
  } catch (error) {
    if (isLandingGraphError(error, 'NEO4J_AUTH')) throw refusedLocally(started, error);
    throw error;
  }
}

function refusedLocally(local: LocalNeo4j, error: LandingGraphError): LandingGraphError {
  return new LandingGraphError(
    'NEO4J_AUTH',
    `NEO4J_PASSWORD (with NEO4J_USERNAME) does not open the local Neo4j at ${local.connection.uri}, and NEO4J_URI is not set: ` +
      `unset NEO4J_PASSWORD to use the local one's (in ${local.passwordFile}), or set NEO4J_URI to the Neo4j it belongs to`,
    { cause: error, details: error.details },
  );
}
