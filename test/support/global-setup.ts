import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { connectNeo4j, type Neo4jConnection } from '../../src/store/connect.js';
import { applySchema } from '../../src/store/schema.js';
import { watchLongTransactions } from './transaction-watch.js';

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    neo4j: { uri: string; username: string; password: string; database?: string; source: string };
  }
}

/**
 * Find a Neo4j for the integration tests, in this order:
 * 1. NEO4J_URI (+ NEO4J_USERNAME / NEO4J_PASSWORD / NEO4J_DATABASE) from the environment;
 * 2. testcontainers' Neo4j module, where a container runtime answers;
 * 3. scripts/neo4j-local, on its own home folder and ports (stopped again only if we started it).
 * No Neo4j is an error, never a skip.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const found = (await fromEnvironment()) ?? (await fromTestcontainers()) ?? (await fromLocalScript());
  const driver = await connectNeo4j(found.connection);
  try {
    await applySchema(driver, { database: found.connection.database });
  } finally {
    await driver.close();
  }
  console.log(`[global-setup] Neo4j for tests: ${found.connection.uri} (${found.source})`);
  project.provide('neo4j', { ...found.connection, database: found.connection.database ?? undefined, source: found.source } as never);
  const stopWatching = watchLongTransactions(found.connection);
  return async () => {
    await stopWatching();
    await found.stop();
  };
}

interface Found {
  connection: Neo4jConnection;
  source: string;
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
    stop: async () => {
      await container.stop();
    },
  };
}

async function fromLocalScript(): Promise<Found> {
  const home = process.env.NEO4J_TEST_HOME ?? path.join(projectRoot, '.neo4j/test');
  const boltPort = process.env.NEO4J_TEST_BOLT_PORT ?? '7688';
  const httpPort = process.env.NEO4J_TEST_HTTP_PORT ?? '7475';
  const script = path.join(projectRoot, 'scripts/neo4j-local');
  const args = ['--home', home, '--bolt-port', boltPort, '--http-port', httpPort];
  const wasRunning = await run('bash', [script, 'status', ...args]).then(
    () => true,
    () => false,
  );
  try {
    await run('bash', [script, 'start', ...args], { maxBuffer: 10 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(
      `No Neo4j for the tests: NEO4J_URI is unset, no container runtime answers, and scripts/neo4j-local could not start one:\n${stderr}`,
    );
  }
  const password = (await readFile(path.join(home, 'password'), 'utf8')).trim();
  return {
    connection: { uri: `bolt://127.0.0.1:${boltPort}`, username: 'neo4j', password },
    source: `scripts/neo4j-local (${home})`,
    stop: async () => {
      if (!wasRunning) await run('bash', [script, 'stop', ...args]);
    },
  };
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
