import { Command } from 'commander';
import { connectNeo4j, type Neo4jConnection } from '../store/connect.js';
import { startLocalNeo4j } from '../store/local-neo4j.js';
import { applySchema } from '../store/schema.js';

/** `landing-graph demo`: the README's main command; needs nothing but this project. */
export function demoCommand(): Command {
  return new Command('demo')
    .description('Run the main job on built-in defaults: a local Neo4j (or NEO4J_URI) and the built-in sandbox of the service')
    .action(async () => {
      let connection: Neo4jConnection;
      let where: string;
      if (process.env.NEO4J_URI) {
        connection = { uri: process.env.NEO4J_URI, username: process.env.NEO4J_USERNAME ?? 'neo4j', password: process.env.NEO4J_PASSWORD ?? '', database: process.env.NEO4J_DATABASE || undefined };
        where = `${connection.uri} (NEO4J_URI)`;
      } else {
        process.stderr.write('demo: starting the local Neo4j (first run fetches it from Maven Central)...\n');
        const local = await startLocalNeo4j();
        connection = local.connection;
        where = `${local.browserUrl} (user neo4j, password in ${local.passwordFile})`;
      }
      const driver = await connectNeo4j(connection);
      try {
        await applySchema(driver, { database: connection.database });
      } finally {
        await driver.close();
      }
      process.stdout.write(`demo: Neo4j is ready with the landing-graph schema. Look at it in ${where}\n`);
    });
}
