import { describe, expect } from 'vitest';
import { reachable } from '../../src/sandbox/index.js';
import { runCli, startCli } from '../support/cli.js';
import { dumpBlockLayer, dumpGraph, expectedDump, statusesOnly } from '../support/graph-dump.js';
import { killPoints } from '../support/kill-seed.js';
import { waitingRecordsFor } from '../../src/crawl/buffer-size.js';
import { sandboxTest } from '../support/fixtures.js';
import { resetGraph, testConnection } from '../support/neo4j.js';

const RPS = 60;
const CONCURRENCY = 4;
const test = sandboxTest({ records: 400, seed: 31 });

/** kill -9 at five random moments, resuming each time: the graph must equal a clean crawl's. */
describe('crash: SIGKILL the crawl five times', () => {
  test('finishes identical to a clean crawl, re-requesting at most what was in flight at each kill', async ({ sandbox, driver }) => {
    const env = { LANDING_BASE_URL: sandbox.url, LANDING_API_KEY: sandbox.apiKey };
    const companies = sandbox.graph.ids('company').slice(0, 3);
    const args = [
      'crawl',
      ...companies.map((id) => `company#${id}`),
      '--depth',
      '2',
      '--rps',
      String(RPS),
      '--concurrency',
      String(CONCURRENCY),
    ];
    const database = testConnection().database;

    await resetGraph(driver);
    const clean = await runCli(args, env);
    expect(clean.code, clean.stderr).toBe(0);
    const cleanList = await dumpGraph(driver, database);
    const cleanBlocks = await dumpBlockLayer(driver, database);
    const cleanRequests = sandbox.stats.snapshot().total;

    await resetGraph(driver);
    sandbox.stats.reset();
    const { rng, replay } = killPoints('test/robustness/crash.int.test.ts');
    const kills: number[] = [];
    for (let i = 0; i < 5; i++) {
      const run = startCli(args, env);
      const at = sandbox.stats.total + 10 + Math.floor(rng.float() * (cleanRequests / 6));
      while (sandbox.stats.total < at && run.child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
      run.child.kill('SIGKILL');
      await run.done;
      kills.push(sandbox.stats.total);
    }
    const last = await runCli(args, env);
    const why = `kills at requests ${kills.join(', ')}; replay: ${replay}`;
    expect(last.code, `${why}\n${last.stderr}`).toBe(0);

    expect(await dumpGraph(driver, database), why).toEqual(cleanList);
    expect(await dumpBlockLayer(driver, database), why).toEqual(cleanBlocks);
    expect(statusesOnly(cleanList)).toEqual(
      expectedDump(
        reachable(
          sandbox.graph,
          companies.map((id) => ({ kind: 'company' as const, id })),
          2,
        ),
      ),
    );
    const stats = sandbox.stats.snapshot();
    const repeated = Object.values(stats.byPath).reduce((n, c) => n + c - 1, 0);
    // Lost at each kill: what was not yet committed. The crawler dispatches only while requests under way
    // (up to 2 x concurrency) plus fetched records waiting (up to W = waitingRecordsFor(rps)) stay under
    // both caps, and one more such batch may be being written: 2 x (W + 2 x concurrency).
    const inFlightBound = 2 * (waitingRecordsFor(RPS, 100) + 2 * CONCURRENCY);
    expect(repeated, why).toBeLessThanOrEqual(5 * inFlightBound);
    expect(stats.total - repeated, why).toBe(cleanRequests);
  });
});
