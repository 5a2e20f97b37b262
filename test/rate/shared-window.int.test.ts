import { afterAll, beforeAll, beforeEach, describe, expect, onTestFinished, vi } from 'vitest';
import type { GraphFixtures } from '../support/fixtures.js';
import { graphTest as test } from '../support/fixtures.js';
import { runCli, startCli } from '../support/cli.js';
import { resetGraph } from '../support/neo4j.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { judgePauses, pauseSummary } from '../support/pause-verdict.js';
import { watchSharedWindow } from '../support/redis-monitor.js';
import { startSandboxFirst } from '../support/sandbox-priority.js';
import { generateGraph } from '../../src/sandbox/generate-graph.js';
import { pauseArrivals } from '../../src/sandbox/stats.js';

/**
 * Crawls on one service and key share one rate window through Redis: measured at the sandbox, in any
 * sliding second, as the service sees them (the sandbox in a process of its own, so that its stamps are the
 * arrivals: test/support/sandbox-priority.ts). Without Redis the same three crawls overrun the limit (the test can
 * fail); with it, at most --rps arrive, and the lowest --rps of the crawls holds for all.
 */
describe('the rate window shared through Redis', () => {
  let redis: TestRedis;
  let sandbox: Awaited<ReturnType<typeof startSandboxFirst>>;
  let env: Record<string, string>;
  const companies = generateGraph({ records: 2000, seed: 5 }).ids('company').slice(0, 3);
  beforeAll(async () => {
    redis = await startRedis('shared-window');
    sandbox = await startSandboxFirst({ records: 2000, seed: 5 });
    env = { LANDING_BASE_URL: sandbox.url, LANDING_API_KEY: sandbox.apiKey };
    console.log(`the sandbox runs in ${sandbox.how}`);
  });
  afterAll(async () => {
    await sandbox?.close();
    await redis?.stop();
  });
  beforeEach<GraphFixtures>(async ({ driver }) => {
    await resetGraph(driver);
    await sandbox.setFaults({});
    await sandbox.resetStats();
  });

  /**
   * Three crawls of other seeds started together, each at its own --rps, with `extra` in their environment; with
   * `firstAhead`, the others only once the first one's first request reached the sandbox (its limit is then in Redis).
   */
  async function threeCrawls(rps: number[], extra: Record<string, string>, { firstAhead = false } = {}) {
    const start = (id: number, i: number) =>
      startCli(['crawl', `company#${id}`, '--depth', '3', '--rps', String(rps[i]), '--max-records', '50', '--concurrency', '4'], {
        ...env,
        ...extra,
      });
    const first = start(companies[0]!, 0);
    if (firstAhead)
      await vi.waitFor(async () => expect((await sandbox.stats()).total).toBeGreaterThan(0), { timeout: 60_000, interval: 20 });
    const runs = [first, ...companies.slice(1).map((id, i) => start(id, i + 1))];
    const ends = await Promise.all(runs.map((r) => r.done));
    for (const end of ends) expect(end.code, end.stderr).toBe(0);
  }

  test('without Redis, three crawls at --rps 20 on one key put more than 20 requests into one second', async () => {
    await threeCrawls([20, 20, 20], {});
    expect((await sandbox.stats()).busiestWindow).toBeGreaterThan(20);
  });

  test('with Redis, the same three crawls put at most 20 into any second at the service', async () => {
    await threeCrawls([20, 20, 20], { REDIS_URL: redis.url });
    const stats = await sandbox.stats();
    expect(stats.total).toBe(150);
    expect(stats.busiestWindow).toBeLessThanOrEqual(20);
  });

  test('the lowest --rps of the crawls on the key holds for all of them', async () => {
    // A crawl's limit holds from its first turn on: started together on a busy machine, the --rps 40 ones had sent
    // 15 in a second before the --rps 10 one had asked (.ci/run at b35dd2e).
    await threeCrawls([10, 40, 40], { REDIS_URL: redis.url }, { firstAhead: true });
    expect((await sandbox.stats()).busiestWindow).toBeLessThanOrEqual(10);
  });

  /** Tasks a crawl on the record queue has out at once with the default settings (QueueRun.maxInFlight). */
  const TASKS_OUT = 64;
  test('a 429 pauses every crawl on the key until its Retry-After has passed; without Redis the others keep sending', async ({
    driver,
  }) => {
    const bursts = { rateLimit429: { everyRequests: 25, burstLength: 1, retryAfterSeconds: 1 } };
    await sandbox.setFaults(bursts);
    await threeCrawls([20, 20, 20], {});
    const alone = await sandbox.stats();
    expect(alone.faults.burst429).toBeGreaterThan(0);
    expect(pauseArrivals(alone.pauses).during).toBeGreaterThan(0);

    await resetGraph(driver);
    // The other crawls hear of the 429 through the one that had it: its receipt, then one Redis write. A request
    // whose turn Redis gave before that is on its way; later ones must wait (judged on Redis's own log).
    await sandbox.resetStats();
    await sandbox.setFaults(bursts);
    const monitor = await watchSharedWindow(redis.url, { baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    onTestFinished(() => monitor.close());
    await threeCrawls([20, 20, 20], { REDIS_URL: redis.url });
    const judgement = judgePauses((await sandbox.stats()).pauses, await monitor.stop());
    console.log(`429 bursts: ${pauseSummary(judgement)}`);
    expect(judgement.pauses.length).toBeGreaterThan(0);
    expect(judgement.problems).toEqual([]);
  });

  test('Redis stopped and started again empty mid-crawl: the crawls wait for it, finish, and no second holds more than 20', async () => {
    const runs = companies.map((id) =>
      startCli(['crawl', `company#${id}`, '--depth', '3', '--rps', '20', '--max-records', '80', '--concurrency', '4'], {
        ...env,
        REDIS_URL: redis.url,
      }),
    );
    while ((await sandbox.stats()).total < 60) await new Promise((r) => setTimeout(r, 20));
    await redis.stop();
    const atStop = (await sandbox.stats()).total;
    await new Promise((r) => setTimeout(r, 2_000));
    // Nothing leaves without its turn while Redis is away (what was already on its way may arrive).
    expect((await sandbox.stats()).total - atStop).toBeLessThanOrEqual(12);
    await redis.start();
    const ends = await Promise.all(runs.map((r) => r.done));
    for (const end of ends) expect(end.code, end.stderr).toBe(0);
    // Each task a crawl had out when Redis lost it is asked again at most once (docs/crawl.md, Faults): those in its
    // worker's hands and those answered but not yet taken, at most TASKS_OUT a crawl; under load more answers wait.
    const stats = await sandbox.stats();
    expect(stats.total).toBeGreaterThanOrEqual(240);
    expect(stats.total).toBeLessThanOrEqual(240 + 3 * TASKS_OUT);
    expect(stats.busiestWindow).toBeLessThanOrEqual(20);
  });

  test('a Redis that does not answer stops the crawl at once with one line saying what to start', async () => {
    const run = await runCli(['crawl', `company#${companies[0]}`, '--depth', '1'], { ...env, REDIS_URL: 'redis://127.0.0.1:1' });
    expect(run.code).toBe(10);
    expect(run.stderr.trim().split('\n')).toEqual([
      'landing-graph: REDIS_UNREACHABLE: Redis does not answer at redis://127.0.0.1:1: start it (scripts/redis-local start) or fix --redis-url / REDIS_URL',
    ]);
    expect((await sandbox.stats()).total).toBe(0);
  });
});
