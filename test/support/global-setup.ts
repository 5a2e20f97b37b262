import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { isLandingGraphError } from '../../src/errors.js';
import { connectNeo4j, type Neo4jConnection } from '../../src/store/connect.js';
import { type LocalNeo4j, localNeo4jJars, startLocalNeo4j, stopLocalNeo4j } from '../../src/store/local-neo4j.js';
import { applySchema } from '../../src/store/schema.js';
import { watchLongTransactions } from './transaction-watch.js';
import { TEST_SERVER_TUNING } from './server-tuning.js';

const projectRoot = path.resolve(import.meta.dirname, '../..');

export interface TestNeo4j {
  uri: string;
  username: string;
  password: string;
  database?: string;
  source: string;
  browserUrl?: string;
  /** Where scripts/neo4j-local keeps it, when it is the project's local Neo4j (the CLI finds it there without NEO4J_URI). */
  local?: { home: string; boltPort: number; httpPort: number };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test file running at once: the file in pool slot N uses server N (test/support/neo4j.ts). */
    neo4jServers: TestNeo4j[];
  }
}

/**
 * Find a Neo4j for each test file that runs at once (the project's forks: vitest.config.ts), in this order:
 * 1. NEO4J_URI (+ NEO4J_USERNAME / NEO4J_PASSWORD / NEO4J_DATABASE, and NEO4J_BROWSER_URL for the Neo4j Browser
 *    test, e.g. http://127.0.0.1:7475/browser/) from the environment: one server, so the files take turns;
 * 2. testcontainers' Neo4j module, where a container runtime answers;
 * 3. scripts/neo4j-local, each server on its own home folder and ports (stopped again only if we started it).
 * Community Edition has a single user database, so files that run at once need a server each. No Neo4j is an
 * error, never a skip.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const wanted = serversWanted(project);
  const environment = await fromEnvironment();
  // The jars are fetched once before the servers start side by side: each start would otherwise fetch into the same
  // cache folder on a new machine.
  if (!environment && wanted > 1) await localNeo4jJars();
  const first = FIRST_SLOT[project.name] ?? 0;
  const servers: Found[] = environment
    ? [environment]
    : await Promise.all(
        Array.from({ length: wanted }, async (_, slot) => (await fromTestcontainers()) ?? (await fromLocalScript(first + slot))),
      );
  if (servers.length < wanted) {
    throw new Error(
      `${wanted} test files run at once but NEO4J_URI names one Neo4j: vitest.config.ts runs them one at a time when it is set`,
    );
  }
  const stops: (() => Promise<void>)[] = [];
  const provided: TestNeo4j[] = [];
  for (const found of servers) {
    const driver = await connectNeo4j(found.connection);
    try {
      await applySchema(driver, { database: found.connection.database });
      found.browserUrl ??= await browserUrlOf(driver, found.connection.uri);
    } finally {
      await driver.close();
    }
    console.log(`[global-setup] Neo4j for tests: ${found.connection.uri} (${found.source})`);
    provided.push({
      ...found.connection,
      database: found.connection.database ?? undefined,
      source: found.source,
      browserUrl: found.browserUrl,
      local: found.local,
    });
    const stopWatching = watchLongTransactions(found.connection);
    stops.push(async () => {
      await stopWatching();
      await found.stop();
    });
  }
  project.provide('neo4jServers', provided as never);
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/**
 * The projects run at once (scripts/test-integration), so each has servers of its own: `integration` slots 0-2 (its
 * three files at a time), `integration-alone` the next.
 */
const FIRST_SLOT: Record<string, number> = { 'integration-alone': 3 };

/** As many servers as the project runs files at once. */
function serversWanted(project: TestProject): number {
  if (project.config.poolOptions?.forks?.singleFork) return 1;
  return Math.max(1, Number(project.config.maxWorkers ?? 1));
}

interface Found {
  connection: Neo4jConnection;
  source: string;
  /** Neo4j Browser of that server (its HTTP port): NEO4J_BROWSER_URL with NEO4J_URI, else known from the start. */
  browserUrl?: string;
  local?: { home: string; boltPort: number; httpPort: number };
  stop: () => Promise<void>;
}

async function fromEnvironment(): Promise<Found | undefined> {
  const uri = process.env.NEO4J_URI;
  if (!uri) return undefined;
  return {
    connection: {
      uri,
      username: process.env.NEO4J_USERNAME ?? 'neo4j',
      password: process.env.NEO4J_PASSWORD ?? '',
      database: process.env.NEO4J_DATABASE || undefined,
    },
    source: 'NEO4J_URI',
    browserUrl: process.env.NEO4J_BROWSER_URL || undefined,
    stop: async () => undefined,
  };
}

async function fromTestcontainers(): Promise<Found | undefined> {
  if (process.env.LANDING_GRAPH_NO_CONTAINERS === '1') return undefined;
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await withTimeout(getContainerRuntimeClient(), 15_000);
  } catch {
    return undefined; // no container runtime answers: fall through to the local script
  }
  const { Neo4jContainer } = await import('@testcontainers/neo4j');
  const container = await new Neo4jContainer('neo4j:5.26-community').withPassword('landing-graph-test').start();
  return {
    connection: { uri: container.getBoltUri(), username: container.getUsername(), password: container.getPassword() },
    source: 'testcontainers',
    browserUrl: `${container.getHttpUri()}/browser/`,
    stop: async () => {
      await container.stop();
    },
  };
}

/** Server `slot` (0, 1, …): `.neo4j/test`, `.neo4j/test-2`, …; Bolt 7688, 7788, …; HTTP 7475, 7575, …. */
async function fromLocalScript(slot: number): Promise<Found> {
  const home = process.env.NEO4J_TEST_HOME ?? path.join(projectRoot, '.neo4j/test');
  const options = {
    home: slot === 0 ? home : `${home}-${slot + 1}`,
    boltPort: Number(process.env.NEO4J_TEST_BOLT_PORT ?? 7688) + 100 * slot,
    httpPort: Number(process.env.NEO4J_TEST_HTTP_PORT ?? 7475) + 100 * slot,
    ...TEST_SERVER_TUNING,
  };
  let local: LocalNeo4j;
  try {
    local = await startLocalNeo4j(options);
  } catch (error) {
    const stderr = isLandingGraphError(error) ? String(error.details.stderr ?? '') : '';
    throw new Error(
      `No Neo4j for the tests: NEO4J_URI is unset, no container runtime answers, and scripts/neo4j-local could not start one: ${(error as Error).message}${stderr ? `\n${stderr}` : ''}`,
      { cause: error },
    );
  }
  return {
    connection: local.connection,
    source: `scripts/neo4j-local (${local.home}${local.wasRunning ? ', already running' : ''})`,
    browserUrl: `http://127.0.0.1:${options.httpPort}/browser/`,
    local: { ...options, home: local.home },
    stop: async () => {
      if (!local.wasRunning) await stopLocalNeo4j(options);
    },
  };
}

/**
 * Where the server's Neo4j Browser is, from its own settings (its HTTP address), for a Neo4j given by NEO4J_URI
 * without NEO4J_BROWSER_URL; undefined when it has no HTTP connector or does not say.
 */
async function browserUrlOf(driver: Awaited<ReturnType<typeof connectNeo4j>>, boltUri: string): Promise<string | undefined> {
  try {
    const { records } = await driver.executeQuery(
      "SHOW SETTINGS YIELD name, value WHERE name IN ['server.http.enabled', 'server.http.advertised_address', 'server.http.listen_address'] RETURN name, value",
    );
    const setting = new Map(records.map((r) => [String(r.get('name')), String(r.get('value'))]));
    if (setting.get('server.http.enabled') === 'false') return undefined;
    const address = setting.get('server.http.advertised_address') ?? setting.get('server.http.listen_address');
    const port = address?.split(':').at(-1);
    if (!port) return undefined;
    const host = address?.split(':').slice(0, -1).join(':');
    // Listening everywhere (or no host said): Browser is where Bolt is.
    const reachable = !host || host === '0.0.0.0' ? new URL(boltUri.replace(/^[a-z+]+:/, 'http:')).hostname : host;
    return `http://${reachable}:${port}/browser/`;
  } catch {
    return undefined;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
