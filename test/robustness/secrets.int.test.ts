import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { runCli } from '../support/cli.js';
import { sandboxTest, withSetUp } from '../support/fixtures.js';
import { resetGraph, testConnection } from '../support/neo4j.js';

const API_KEY = 'lg-live-7c1f0e9a2b5d4c3e8f6a1b0d9e8c7f6a';
const exportsDir = path.resolve(import.meta.dirname, '../export/out/secrets');

/** After a whole crawl (and its failures), the API key and the Neo4j password appear nowhere. */
// The crawls and exports are set up for the first test, within its time-out.
describe('secrets', () => {
  const printed: string[] = [];

  const test = withSetUp(sandboxTest({ records: 200, seed: 51, apiKey: API_KEY, specials: true }), async ({ sandbox, driver }) => {
    await rm(exportsDir, { recursive: true, force: true });
    await mkdir(exportsDir, { recursive: true });
    await resetGraph(driver);
    const env = { LANDING_BASE_URL: sandbox.url, LANDING_API_KEY: API_KEY };
    sandbox.setFaults({ errorRate: 0.2, htmlRate: 0.05, truncatedRate: 0.05, faultSeed: 4 });
    const ok = await runCli(
      ['crawl', `company#${sandbox.graph.ids('company')[0]}`, 'domain:schema-breaker.example', '--depth', '1', '--rps', '200', '--json'],
      env,
    );
    expect(ok.code, ok.stderr).toBe(0);
    printed.push(ok.stdout, ok.stderr);
    sandbox.setFaults({});
    for (const args of [
      ['crawl', 'domain#1', '--api-key', `${API_KEY}x`],
      ['crawl', 'domain#1', '--neo4j-uri', 'bolt://127.0.0.1:1'],
    ]) {
      const failed = await runCli(args, env);
      expect(failed.code).not.toBe(0);
      printed.push(failed.stdout, failed.stderr);
    }
    const badPassword = await runCli(['crawl', 'domain#1'], { ...env, NEO4J_PASSWORD: `${testConnection().password}-wrong` });
    printed.push(badPassword.stdout, badPassword.stderr);
    const seed = `company#${sandbox.graph.ids('company')[0]}`;
    for (const format of ['json', 'graphml', 'csv', 'cypher', 'html']) {
      const out = path.join(exportsDir, `secrets.${format}`);
      const exported = await runCli(
        ['export', seed, '--depth', '1', '--format', format, '--out', out, ...(format === 'json' ? ['--include-raw'] : [])],
        env,
      );
      expect(exported.code, exported.stderr).toBe(0);
      printed.push(exported.stdout, exported.stderr);
    }
  });

  const secrets = () => [API_KEY, testConnection().password];

  test('never prints them, on success or on failure', () => {
    const all = printed.join('\n');
    expect(all.length).toBeGreaterThan(0);
    for (const secret of secrets()) expect(all).not.toContain(secret);
  });

  test('never stores them in the graph (any property of any node or relationship)', async ({ driver }) => {
    const rows = await driver.executeQuery(
      'MATCH (n) WITH collect(properties(n)) AS nodes OPTIONAL MATCH ()-[r]->() RETURN nodes, collect(properties(r)) AS rels',
      {},
      { database: testConnection().database },
    );
    const text = JSON.stringify(rows.records[0]?.toObject());
    expect(text.length).toBeGreaterThan(10_000);
    for (const secret of secrets()) expect(text).not.toContain(secret);
  });

  test('never writes them into exports of any format', async () => {
    const files = (await readdir(exportsDir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const text = await readFile(path.join(file.parentPath, file.name), 'utf8');
      for (const secret of secrets()) expect(text, file.name).not.toContain(secret);
    }
  });

  test('never writes them into the logs of the local Neo4j of the tests', async () => {
    const logs = path.resolve(import.meta.dirname, '../../.neo4j/test/logs');
    const files = await readdir(logs).catch(() => [] as string[]);
    for (const file of files) {
      const text = await readFile(path.join(logs, file), 'utf8');
      for (const secret of secrets()) expect(text, file).not.toContain(secret);
    }
  });
});
