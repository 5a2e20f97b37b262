import { beforeEach, describe, expect } from 'vitest';
import { ClientEventCounter } from '../../src/crawl/progress.js';
import { reachable } from '../../src/sandbox/index.js';
import { runCli, startCli } from '../support/cli.js';
import { type CrawlFixtures, crawlTest } from '../support/fixtures.js';
import { dumpBlockLayer, dumpGraph, expectedDump, statusesOnly } from '../support/graph-dump.js';
import { resetGraph, testConnection } from '../support/neo4j.js';

const test = crawlTest({ records: 300, seed: 23 });

const RPS = 60;

/** Outages pause the crawl, they don't consume it. */
describe('the service goes away', () => {
  const database = () => testConnection().database;

  async function crawlOnce({ crawl, driver }: Pick<CrawlFixtures, 'crawl' | 'driver'>, seeds: { kind: 'company'; id: number }[]) {
    await resetGraph(driver);
    const events = new ClientEventCounter();
    const result = await crawl(
      seeds,
      { maxDepth: 2, commitIntervalMs: 50 },
      {
        client: { requestsPerSecond: RPS, maxConcurrent: 8, retry: { baseDelayMs: 20, maxDelayMs: 200 }, onEvent: events.onEvent },
        deps: { events },
      },
    );
    return { result, events, list: await dumpGraph(driver, database()), blocks: await dumpBlockLayer(driver, database()) };
  }

  test('down for 4 s after 30% of the crawl: it waits, goes on, and ends with the clean crawl graph, nothing failed', async ({
    crawl,
    sandbox,
    driver,
  }) => {
    const seeds = sandbox.graph
      .ids('company')
      .slice(0, 1)
      .map((id) => ({ kind: 'company' as const, id }));
    sandbox.setFaults({});
    sandbox.stats.reset();
    const clean = await crawlOnce({ crawl, driver }, seeds);
    const cleanRequests = sandbox.stats.snapshot().total;
    expect(cleanRequests).toBeGreaterThan(100);

    sandbox.stats.reset();
    sandbox.setFaults({ outage: { afterRequests: Math.round(cleanRequests * 0.3), forMs: 4_000 } });
    const interrupted = await crawlOnce({ crawl, driver }, seeds);
    sandbox.setFaults({});

    // Finished with nothing failed while the service refused every connection for 4 s: it waited for it.
    expect(interrupted.result.status).toBe('finished');
    expect(interrupted.result.totals.failed).toBe(0);
    expect(interrupted.events.outages).toBe(1);
    // Attempts were spent only by the requests under way when the connections dropped (at most 16).
    expect(interrupted.events.retries).toBeLessThanOrEqual(16);
    expect(interrupted.events.down).toBeUndefined();
    expect(interrupted.list).toEqual(clean.list);
    expect(interrupted.blocks).toEqual(clean.blocks);
    expect(statusesOnly(interrupted.list)).toEqual(expectedDump(reachable(sandbox.graph, seeds, 2)));
  });

  describe('the CLI, with the service down from the start', () => {
    let env: Record<string, string>;
    let args: string[];
    let seeds: { kind: 'company'; id: number }[];

    beforeEach<CrawlFixtures>(async ({ sandbox }) => {
      env = { LANDING_BASE_URL: sandbox.url, LANDING_API_KEY: sandbox.apiKey };
      seeds = sandbox.graph
        .ids('company')
        .slice(2, 4)
        .map((id) => ({ kind: 'company' as const, id }));
      args = ['crawl', ...seeds.map((s) => `company#${s.id}`), '--depth', '1', '--rps', String(RPS), '--service-wait-ms', '3000'];
    });
    /** The same command, with the service back: it resumes the crawl and finishes, nothing failed. */
    const resumesAndFinishes = async () => {
      const back = await runCli([...args, '--json'], env);
      expect(back.code, back.stderr).toBe(0);
      expect(JSON.parse(back.stdout)).toMatchObject({ status: 'finished', resumed: true, totals: { failed: 0 } });
    };

    test('never reached: exits 2 with one line within --first-contact-timeout-ms, no crawl left; the same command then crawls it all', async ({
      sandbox,
      driver,
    }) => {
      await resetGraph(driver);
      await sandbox.goDown();
      // --service-wait-ms (3 s) is for a service that answered before: this one never did. The default wait for an
      // outage (10 min) must not be waited: this test's time-out (120 s) fails it if it is.
      const down = await runCli([...args, '--first-contact-timeout-ms', '2000'], env);
      expect(down.code, down.stderr).toBe(2);
      expect(down.stderr.trim().split('\n')).toEqual([
        `landing-graph: API_UNREACHED: no request reached the service at ${sandbox.url} within 2s (connection refused): check LANDING_BASE_URL (or --base-url), and that the service runs there`,
      ]);
      expect(down.stderr + down.stdout).not.toContain(sandbox.apiKey);
      const left = await driver.executeQuery(
        'OPTIONAL MATCH (n:Landing) WITH count(n) AS landing OPTIONAL MATCH (c:Crawl) RETURN landing, count(c) AS crawls',
        {},
        { database: database() },
      );
      expect(left.records[0]!.toObject()).toEqual({ landing: 0, crawls: 0 });

      await sandbox.comeBack();
      sandbox.stats.reset();
      const back = await runCli([...args, '--json'], env);
      expect(back.code, back.stderr).toBe(0);
      const stats = JSON.parse(back.stdout) as { status: string; resumed: boolean; totals: { failed: number } };
      expect(stats).toMatchObject({ status: 'finished', resumed: false, totals: { failed: 0 } });
      expect(statusesOnly(await dumpGraph(driver, database()))).toEqual(expectedDump(reachable(sandbox.graph, seeds, 1)));
      expect(Math.max(...Object.values(sandbox.stats.snapshot().byPath))).toBe(1);
    });

    test('down after it answered: the long wait, then exit 6 with one line; the same command resumes and finishes', async ({
      sandbox,
      driver,
    }) => {
      await resetGraph(driver);
      await sandbox.comeBack();
      sandbox.stats.reset();
      // Slow enough that the crawl is far from done when the service goes away; a short first-contact bound that
      // must not apply once the service answered.
      const slow = ['crawl', ...seeds.map((s) => `company#${s.id}`), '--depth', '1', '--rps', '4', '--service-wait-ms', '3000'];
      const run = startCli([...slow, '--first-contact-timeout-ms', '500'], env);
      try {
        while (sandbox.stats.snapshot().total < 2) await new Promise((r) => setTimeout(r, 20));
        await sandbox.goDown();
        const down = await run.done;
        expect(down.code, down.stderr).toBe(6);
        expect(down.stderr.trim().split('\n').pop()).toBe(
          `landing-graph: API_UNAVAILABLE: the service at ${sandbox.url} has not answered for 3s (connection refused); the same command resumes the crawl`,
        );
      } finally {
        await sandbox.comeBack();
      }
      await resumesAndFinishes();
    });

    test('Ctrl-C while it waits for the service exits 130 at once, and the crawl stays resumable', async ({ sandbox, driver }) => {
      await resetGraph(driver);
      await sandbox.goDown();
      try {
        const run = startCli([...args.slice(0, -1), '600000'], env);
        // Waiting for the service: its run started (the process, Neo4j and the schema took their time, which on a
        // busy machine passed a fixed wait), then a second for its first requests to be refused and held.
        const running = "MATCH (c:Crawl {status: 'running'}) RETURN count(c) > 0 AS running";
        while (!(await driver.executeQuery(running, {}, { database: database() })).records[0]!.get('running'))
          await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => setTimeout(r, 1_000));
        // At once: the outage gate's abandon() fails what waits without a timer's wait (service-gate.test.ts, on fake
        // time); here Ctrl-C must reach it, or the crawl waits out its 600,000 ms and the test's time-out fails it.
        run.child.kill('SIGINT');
        const stopped = await run.done;
        expect(stopped.code, stopped.stderr).toBe(130);
        expect(stopped.stderr.trim().split('\n').pop()).toBe(
          `landing-graph: CRAWL_ABORTED: interrupted while waiting for the service at ${sandbox.url} to answer again; the same command resumes the crawl`,
        );
      } finally {
        await sandbox.comeBack();
      }
      await resumesAndFinishes();
    });
  });
});
