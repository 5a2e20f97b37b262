import type { Driver } from 'neo4j-driver';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect } from 'vitest';
import { reachable, type Sandbox } from '../../src/sandbox/index.js';
import { runCli, startCli } from '../support/cli.js';
import { type SandboxFixtures, sandboxTest, withSetUp } from '../support/fixtures.js';
import { dumpGraph, expectedDump, statusesOnly } from '../support/graph-dump.js';
import { killPoints } from '../support/kill-seed.js';
import { waitingRecordsFor } from '../../src/crawl/buffer-size.js';
import { resetGraph, testConnection, testServer } from '../support/neo4j.js';
import { startSandboxFirst } from '../support/sandbox-priority.js';

const RPS = 40;

describe('landing-graph crawl (the built CLI, as a user runs it)', () => {
  let env: Record<string, string>;
  let seeds: string[];
  let expected: ReturnType<typeof expectedDump>;

  const test = withSetUp(sandboxTest({ records: 300, seed: 11 }), async ({ sandbox }) => {
    env = { LANDING_BASE_URL: sandbox.url, LANDING_API_KEY: sandbox.apiKey };
    const companies = sandbox.graph.ids('company').slice(0, 2);
    seeds = companies.map((id) => `company#${id}`);
    expected = expectedDump(
      reachable(
        sandbox.graph,
        companies.map((id) => ({ kind: 'company' as const, id })),
        2,
      ),
    );
  });
  beforeEach<SandboxFixtures>(async ({ driver, sandbox }) => {
    await resetGraph(driver);
    sandbox.setFaults({});
    sandbox.stats.reset();
  });

  const crawlArgs = () => ['crawl', ...seeds, '--depth', '2', '--rps', String(RPS), '--concurrency', '4'];
  const graph = async (driver: Driver) => statusesOnly(await dumpGraph(driver, testConnection().database));
  const waitForRequests = async (sandbox: Sandbox, n: number) => {
    while (sandbox.stats.total < n) await new Promise((r) => setTimeout(r, 5));
  };

  test('finishes with exit 0, the expected graph and --json statistics on stdout', async ({ driver }) => {
    const run = await runCli([...crawlArgs(), '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    const stats = JSON.parse(run.stdout) as { status: string; totals: { fetched: number } };
    expect(stats.status).toBe('finished');
    expect(await graph(driver)).toEqual(expected);
    expect(run.stderr).not.toMatch(/\x1b\[/); // no terminal: no control characters
  });

  test('widens the rate window by --rate-margin-ms: at --rps 20 with 1000, at most 20 requests in any 1.95 s', async () => {
    // Judged to the millisecond at the service, so on a sandbox first on the cores (test/support/sandbox-priority.ts):
    // the fixture's sandbox shares this process's event loop, which can stamp the first requests late.
    const first = await startSandboxFirst({ records: 300, seed: 11 });
    try {
      const args = ['crawl', ...seeds, '--depth', '2', '--rps', '20', '--rate-margin-ms', '1000', '--max-records', '36'];
      const run = await runCli(args, { LANDING_BASE_URL: first.url, LANDING_API_KEY: first.apiKey });
      expect(run.code, run.stderr).toBe(0);
      const stats = await first.stats(1950);
      expect(stats.total).toBe(36);
      // The limiter keeps 20 in any 2,000 ms at the departures; 50 ms is left for the way to the service. The
      // default margin (25 ms) would let 36 through in 1.95 s.
      expect(stats.busiestWindow, first.how).toBeLessThanOrEqual(20);
    } finally {
      await first.close();
    }
  });

  test('after kill -9, the same command finishes with the same graph, re-requesting at most what was in flight', async ({
    sandbox,
    driver,
  }) => {
    const { rng, replay } = killPoints('test/cli/crawl-cli.int.test.ts');
    const killAt = rng.int(25, 64);
    const first = startCli(crawlArgs(), env);
    await waitForRequests(sandbox, killAt);
    first.child.kill('SIGKILL');
    await first.done;
    const why = `killed at request ${killAt}; replay: ${replay}`;
    const second = await runCli(crawlArgs(), env);
    expect(second.code, `${why}\n${second.stderr}`).toBe(0);
    expect(await graph(driver), why).toEqual(expected);
    const stats = sandbox.stats.snapshot();
    const repeated = Object.values(stats.byPath).reduce((n, c) => n + c - 1, 0);
    // Lost at a kill: what was not yet committed. The crawler dispatches only while requests under way
    // (up to 2 x concurrency) plus fetched records waiting (up to W = waitingRecordsFor(rps)) stay under
    // both caps, and one more such batch may be being written: 2 x (W + 2 x concurrency).
    expect(repeated, why).toBeLessThanOrEqual(2 * (waitingRecordsFor(RPS, 100) + 2 * 4));
  });

  test('on Ctrl-C writes what is in flight, exits 130 with one line, and the same command resumes without repeating a request', async ({
    sandbox,
    driver,
  }) => {
    const first = startCli(crawlArgs(), env);
    await waitForRequests(sandbox, 30);
    first.child.kill('SIGINT');
    const stopped = await first.done;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(/CRAWL_ABORTED: crawl \S+ interrupted; .* the same command resumes it/);
    const crawls = await driver.executeQuery('MATCH (c:Crawl) RETURN c.status AS status', {}, { database: testConnection().database });
    expect(crawls.records.map((r) => r.get('status'))).toEqual(['interrupted']);
    const second = await runCli(crawlArgs(), env);
    expect(second.code, second.stderr).toBe(0);
    expect(await graph(driver)).toEqual(expected);
    expect(Math.max(...Object.values(sandbox.stats.snapshot().byPath))).toBe(1);
  });

  test.for([
    [['crawl', 'domain:not a domain'], 2, /SEED_INVALID: malformed seed "domain:not a domain": not a domain name/],
    [['crawl', 'phone:12345', '--depth', '1'], 2, /SEED_INVALID: malformed seed "phone:12345"/],
    [['crawl', 'company#1', '--depth', 'two'], 2, /--depth must be a whole number/],
    [['crawl', 'company#1', '--rate-margin-ms', '25ms'], 2, /--rate-margin-ms must be a whole number of at least 0, got "25ms"/],
  ] as [string[], number, RegExp][])('refuses %j with exit %i and one line', async ([args, code, line], { sandbox }) => {
    const run = await runCli(args, env);
    expect(run.code).toBe(code);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(line);
    expect(sandbox.stats.snapshot().total).toBe(0);
  });

  test('exits 3 with one line when the service refuses the key, never printing it', async () => {
    const run = await runCli(crawlArgs(), { ...env, LANDING_API_KEY: 'not-the-key-SECRET' });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/API_AUTH: the landing service refused the API key \(HTTP 401\)/);
    expect(run.stderr + run.stdout).not.toContain('SECRET');
  });

  test('exits 4 with one line when Neo4j is unreachable or refuses the credentials', async () => {
    const unreachable = await runCli(crawlArgs(), { ...env, NEO4J_URI: 'bolt://127.0.0.1:1' });
    expect(unreachable.code).toBe(4);
    expect(unreachable.stderr.trim().split('\n').pop()).toMatch(/NEO4J_UNAVAILABLE: Neo4j is unavailable/);
    const refused = await runCli(crawlArgs(), { ...env, NEO4J_PASSWORD: 'wrong-password-SECRET' });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/NEO4J_AUTH: Neo4j refused the credentials/);
    expect(refused.stderr).not.toContain('SECRET');
  });

  test('without NEO4J_URI, a NEO4J_PASSWORD that does not open the local Neo4j exits 4 with one line; the right one opens it', async () => {
    const local = testServer().local;
    if (!local) throw new Error('this test needs a test Neo4j of scripts/neo4j-local (the default), not one given by NEO4J_URI');
    const theLocalOne = {
      ...env,
      NEO4J_URI: '',
      NEO4J_LOCAL_HOME: local.home,
      NEO4J_LOCAL_BOLT_PORT: String(local.boltPort),
      NEO4J_LOCAL_HTTP_PORT: String(local.httpPort),
    };
    const wrong = await runCli(crawlArgs(), { ...theLocalOne, NEO4J_PASSWORD: 'wrong-password-SECRET' });
    expect(wrong.code, wrong.stderr).toBe(4);
    expect(wrong.stderr.trim().split('\n')).toEqual([
      `landing-graph: NEO4J_AUTH: NEO4J_PASSWORD (with NEO4J_USERNAME) does not open the local Neo4j at bolt://127.0.0.1:${local.boltPort}, and NEO4J_URI is not set: unset NEO4J_PASSWORD to use the local one's (in ${path.join(local.home, 'password')}), or set NEO4J_URI to the Neo4j it belongs to`,
    ]);
    expect(wrong.stderr + wrong.stdout).not.toContain('SECRET');
    const password = (await readFile(path.join(local.home, 'password'), 'utf8')).trim();
    const right = await runCli([...crawlArgs(), '--max-records', '1'], { ...theLocalOne, NEO4J_PASSWORD: password });
    expect(right.code, right.stderr).toBe(0);
    expect(right.stderr).toContain(`graph: Neo4j Browser http://127.0.0.1:${local.httpPort}/browser/`);
  });
});
