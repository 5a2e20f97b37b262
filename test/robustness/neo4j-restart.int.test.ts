import path from 'node:path';
import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachable, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { connectNeo4j } from '../../src/store/connect.js';
import { type LocalNeo4jOptions, startLocalNeo4j, stopLocalNeo4j } from '../../src/store/local-neo4j.js';
import { startCli } from '../support/cli.js';
import { dumpGraph, expectedDump, statusesOnly } from '../support/graph-dump.js';
import { spareServerOptions } from '../support/server-tuning.js';

const home = path.resolve(import.meta.dirname, '../../.neo4j/restart-test');
let neo4j: LocalNeo4jOptions = { home };

/**
 * A Neo4j of its own (scripts/neo4j-local), stopped and started again in the middle of a crawl: the crawl
 * waits for it, continues, and ends with the expected graph.
 */
describe('Neo4j restarted in the middle of a crawl', () => {
  let sandbox: Sandbox;
  let env: Record<string, string>;

  beforeAll(async () => {
    sandbox = await startSandbox({ records: 400, seed: 41 });
    neo4j = await spareServerOptions(home);
    await stopLocalNeo4j(neo4j).catch(() => undefined); // one left running by an aborted run
    const { connection } = await startLocalNeo4j(neo4j);
    env = {
      LANDING_BASE_URL: sandbox.url,
      LANDING_API_KEY: sandbox.apiKey,
      NEO4J_URI: connection.uri,
      NEO4J_USERNAME: connection.username,
      NEO4J_PASSWORD: connection.password,
    };
    const driver = await connectNeo4j(connection);
    const session = driver.session();
    await session.run('MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS');
    await session.close();
    await driver.close();
  });
  afterAll(async () => {
    await stopLocalNeo4j(neo4j).catch(() => undefined);
    await sandbox?.close();
  });

  it('waits while Neo4j is down, continues, and ends equal', async () => {
    const companies = sandbox.graph.ids('company').slice(0, 3);
    const crawl = startCli(['crawl', ...companies.map((id) => `company#${id}`), '--depth', '2', '--rps', '30', '--concurrency', '4'], env);
    while (sandbox.stats.total < 40 && crawl.child.exitCode === null) await new Promise((r) => setTimeout(r, 10));
    await stopLocalNeo4j(neo4j);
    const duringOutage = sandbox.stats.total;
    await startLocalNeo4j(neo4j);
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
  });
});
