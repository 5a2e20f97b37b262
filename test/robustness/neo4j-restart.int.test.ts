import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachable, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { connectNeo4j } from '../../src/store/connect.js';
import { startCli } from '../support/cli.js';
import { freePort } from '../support/ports.js';
import { dumpGraph, expectedDump, statusesOnly } from '../support/graph-dump.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const home = path.join(root, '.neo4j/restart-test');
let ports = { bolt: 0, http: 0 };
const neo4jLocal = (command: string) =>
  run(
    'bash',
    [path.join(root, 'scripts/neo4j-local'), command, '--home', home, '--bolt-port', String(ports.bolt), '--http-port', String(ports.http)],
    { maxBuffer: 1 << 24 },
  );

/**
 * A Neo4j of its own (scripts/neo4j-local), stopped and started again in the middle of a crawl: the crawl
 * waits for it, continues, and ends with the expected graph.
 */
describe('Neo4j restarted in the middle of a crawl', () => {
  let sandbox: Sandbox;
  let env: Record<string, string>;

  beforeAll(async () => {
    sandbox = await startSandbox({ records: 400, seed: 41 });
    ports = { bolt: await freePort(), http: await freePort() };
    await neo4jLocal('stop').catch(() => undefined); // one left running by an aborted run
    await neo4jLocal('start');
    const password = (await readFile(path.join(home, 'password'), 'utf8')).trim();
    env = {
      LANDING_BASE_URL: sandbox.url,
      LANDING_API_KEY: sandbox.apiKey,
      NEO4J_URI: `bolt://127.0.0.1:${ports.bolt}`,
      NEO4J_USERNAME: 'neo4j',
      NEO4J_PASSWORD: password,
    };
    const driver = await connectNeo4j({ uri: env.NEO4J_URI!, username: 'neo4j', password });
    const session = driver.session();
    await session.run('MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS');
    await session.close();
    await driver.close();
  }, 300_000);
  afterAll(async () => {
    await neo4jLocal('stop').catch(() => undefined);
    await sandbox?.close();
  }, 120_000);

  it('waits while Neo4j is down, continues, and ends equal', async () => {
    const companies = sandbox.graph.ids('company').slice(0, 3);
    const crawl = startCli(['crawl', ...companies.map((id) => `company#${id}`), '--depth', '2', '--rps', '30', '--concurrency', '4'], env);
    while (sandbox.stats.total < 40 && crawl.child.exitCode === null) await new Promise((r) => setTimeout(r, 10));
    await neo4jLocal('stop');
    const duringOutage = sandbox.stats.total;
    await neo4jLocal('start');
    const result = await crawl.done;
    expect(result.code, result.stderr).toBe(0);
    expect(sandbox.stats.total).toBeGreaterThan(duringOutage);
    let driver: Driver | undefined;
    try {
      driver = await connectNeo4j({ uri: env.NEO4J_URI!, username: 'neo4j', password: env.NEO4J_PASSWORD! });
      const dump = await dumpGraph(driver);
      expect(statusesOnly(dump)).toEqual(
        expectedDump(
          reachable(
            sandbox.graph,
            companies.map((id) => ({ kind: 'company' as const, id })),
            2,
          ),
        ),
      );
    } finally {
      await driver?.close();
    }
  }, 300_000);
});
