import { type Command, Option } from 'commander';
import type { Driver } from 'neo4j-driver';
import { type Config, readConfig } from '../config.js';
import { openGraph } from '../neo4j.js';

/** The Neo4j options every graph command takes (the environment's NEO4J_* otherwise). */
export interface GraphFlags {
  neo4jUri?: string;
  neo4jDatabase?: string;
}

/** An open graph for one command. */
export interface OpenGraph {
  driver: Driver;
  database: string | undefined;
  /** Where it is, for the last line: a URI, or the local Neo4j's Browser. */
  where: string;
  config: Config;
}

/** Add --neo4j-uri and --neo4j-database to a command. */
export function graphOptions(command: Command): Command {
  return command
    .addOption(new Option('--neo4j-uri <uri>', 'the Neo4j server (default: NEO4J_URI, else the local Neo4j)'))
    .addOption(new Option('--neo4j-database <name>', 'the database (default: NEO4J_DATABASE, else the server default)'));
}

/** One line on stderr: every command's messages for people (stdout is for results). */
export function logLine(line: string): void {
  process.stderr.write(`${line}\n`);
}

/**
 * Open the graph from the flags and the environment (readConfig: NEO4J_URI, else the project's local Neo4j), run
 * `work`, and close the driver whatever happens. Writers apply the schema first; readers (`applySchema: false`)
 * work with a read-only account.
 */
export async function withGraph<T>(
  flags: GraphFlags & { baseUrl?: string; apiKey?: string },
  options: { applySchema: boolean },
  work: (graph: OpenGraph) => Promise<T>,
): Promise<T> {
  const config = readConfig(process.env, flags);
  const graph = await openGraph(config, logLine, { applySchema: options.applySchema });
  try {
    return await work({ ...graph, config });
  } finally {
    await graph.driver.close();
  }
}
