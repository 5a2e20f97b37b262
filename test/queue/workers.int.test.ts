import { afterAll, beforeAll, beforeEach, describe, expect, onTestFinished } from 'vitest';
import { generateGraph } from '../../src/sandbox/generate-graph.js';
import type { StatsSnapshot } from '../../src/sandbox/stats.js';
import type { GraphFixtures } from '../support/fixtures.js';
import { graphTest as test } from '../support/fixtures.js';
import { runCli, startCli } from '../support/cli.js';
import { dumpBlockLayer, dumpGraph, type GraphDump } from '../support/graph-dump.js';
import { resetGraph, testConnection } from '../support/neo4j.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { judgePauses, pauseSummary } from '../support/pause-verdict.js';
import { watchSharedWindow } from '../support/redis-monitor.js';
import { startSandboxFirst } from '../support/sandbox-priority.js';

const RPS = 100;
const CONCURRENCY = 4;
/** Tasks a crawl has out at once on the queue with 4 workers of concurrency 4 (QueueRun.maxInFlight). */
const MAX_TASKS_OUT = 64;
const WORLD = { records: 1000, seed: 7 };

/**
 * A crawl on the record queue (BullMQ on Redis): workers as child processes, the sandbox over HTTP, a real
 * Neo4j. The graph must be the single process's, whoever fetched, whatever died; no sliding 1,000 ms at the sandbox
 * holds more than --rps. The sandbox runs in a process of its own, first on the cores (startSandboxFirst), so that
 * it stamps each request when it arrives, whatever else this machine runs. How much of --rps the workers keep is a
 * throughput, measured by the bench (its workers section), not judged here.
 */
describe('a crawl on the record queue with workers', () => {
  let redis: TestRedis;
  let sandbox: Awaited<ReturnType<typeof startSandboxFirst>>;
  let env: Record<string, string>;
  const seeds = generateGraph(WORLD)
    .ids('company')
    .slice(0, 3)
    .map((id) => `company#${id}`);
  let single: { nodes: GraphDump; blocks: string[]; requests: number } | undefined;
  beforeAll(async () => {
    redis = await startRedis('workers');
    sandbox = await startSandboxFirst(WORLD);
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

  const crawlArgs = (...extra: string[]) => [
    'crawl',
    ...seeds,
    '--depth',
    '2',
    '--rps',
    String(RPS),
    '--concurrency',
    String(CONCURRENCY),
    ...extra,
  ];
  const requests = async () => (await sandbox.stats()).total;
  /**
   * Waits until the sandbox has had `count` requests or `run` has ended. Every poll is a whole stats snapshot that the
   * real-time sandbox computes ahead of everything else on the machine: 50 ms apart (5 requests at --rps 100).
   */
  async function untilRequests(count: number, run: { child: { exitCode: number | null } }): Promise<void> {
    while ((await requests()) < count && run.child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
  }
  /** Sum over records asked more than once of the extra requests. */
  const extraRequests = (stats: StatsSnapshot) => Object.values(stats.byPath).reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const repeatedPaths = (stats: StatsSnapshot) => Object.fromEntries(Object.entries(stats.byPath).filter(([, n]) => n > 1));

  /** The single-process crawl of the same seeds, once per file: what every queued crawl must equal. */
  async function singleProcessGraph(driver: GraphFixtures['driver']): Promise<NonNullable<typeof single>> {
    if (!single) {
      const run = await startCli(crawlArgs(), env).done;
      expect(run.code, run.stderr).toBe(0);
      const database = testConnection().database;
      single = { nodes: await dumpGraph(driver, database), blocks: await dumpBlockLayer(driver, database), requests: await requests() };
      await resetGraph(driver);
      await sandbox.resetStats();
    }
    return single;
  }

  test('4 workers at --rps 100: the single process graph, each record asked once, at most 100 in any second', async ({ driver }) => {
    const baseline = await singleProcessGraph(driver);
    const run = await startCli(crawlArgs('--workers', '3'), { ...env, REDIS_URL: redis.url }).done;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^worker 3: worker \d+: stopped after \d+ task/m);
    expect(await dumpGraph(driver, testConnection().database)).toEqual(baseline.nodes);
    expect(await dumpBlockLayer(driver, testConnection().database)).toEqual(baseline.blocks);
    const stats = await sandbox.stats();
    console.log(`4 workers: ${stats.total} requests (single process ${baseline.requests}), busiest sliding second ${stats.busiestWindow}`);
    expect(stats.total).toBe(baseline.requests);
    expect(repeatedPaths(stats)).toEqual({});
    expect(stats.busiestWindow).toBeLessThanOrEqual(RPS);
  });

  test('one of 4 workers killed with kill -9, twice: the same graph; extra requests at most the tasks it had in hand', async ({
    driver,
  }) => {
    const baseline = await singleProcessGraph(driver);
    const redisEnv = { ...env, REDIS_URL: redis.url };
    const worker = () => startCli(['worker', '--rps', String(RPS), '--concurrency', String(CONCURRENCY)], redisEnv);
    const others = [worker(), worker()];
    let victim = worker();
    const crawl = startCli(crawlArgs(), redisEnv);
    const kills: number[] = [];
    for (const share of [0.3, 0.6]) {
      await untilRequests(baseline.requests * share, crawl);
      victim.child.kill('SIGKILL');
      await victim.done;
      kills.push(await requests());
      victim = worker();
    }
    const end = await crawl.done;
    for (const w of [...others, victim]) w.child.kill('SIGTERM');
    const ended = await Promise.all([...others, victim].map((w) => w.done));
    const why = `killed at requests ${kills.join(', ')}`;
    expect(end.code, `${why}\n${end.stderr}`).toBe(0);
    for (const e of ended) expect(e.code, e.stderr).toBe(0);
    expect(await dumpGraph(driver, testConnection().database), why).toEqual(baseline.nodes);
    expect(await dumpBlockLayer(driver, testConnection().database), why).toEqual(baseline.blocks);
    const stats = await sandbox.stats();
    const extra = extraRequests(stats);
    console.log(
      `kill -9 of a worker twice (${why}): ${stats.total} requests, ${extra} extra (bound ${2 * CONCURRENCY}); busiest sliding second ${stats.busiestWindow}`,
    );
    expect(extra).toBeLessThanOrEqual(2 * CONCURRENCY);
    expect(stats.total - baseline.requests).toBe(extra);
    expect(stats.busiestWindow).toBeLessThanOrEqual(RPS);
  });

  test('Redis stopped and started again empty mid-crawl: the crawl waits, queues again what Redis lost, and ends with the same graph', async ({
    driver,
  }) => {
    const baseline = await singleProcessGraph(driver);
    const crawl = startCli(crawlArgs('--workers', '3'), { ...env, REDIS_URL: redis.url });
    await untilRequests(baseline.requests / 2, crawl);
    await redis.stop();
    await new Promise((r) => setTimeout(r, 2_000));
    await redis.start();
    const end = await crawl.done;
    expect(end.code, end.stderr).toBe(0);
    expect(await dumpGraph(driver, testConnection().database)).toEqual(baseline.nodes);
    expect(await dumpBlockLayer(driver, testConnection().database)).toEqual(baseline.blocks);
    const stats = await sandbox.stats();
    const extra = extraRequests(stats);
    console.log(
      `Redis restarted empty: ${stats.total} requests, ${extra} extra (bound ${MAX_TASKS_OUT}); busiest sliding second ${stats.busiestWindow}`,
    );
    // Each task out when Redis lost it is asked again at most once: those in the workers' hands (4 x 4) and those
    // answered but not yet taken. The crawl never has more than MAX_TASKS_OUT out.
    expect(extra).toBeLessThanOrEqual(MAX_TASKS_OUT);
    expect(stats.busiestWindow).toBeLessThanOrEqual(RPS);
  });

  test('a 429 burst: no worker sends before Retry-After has passed at the service', async () => {
    await sandbox.setFaults({ rateLimit429: { everyRequests: 150, burstLength: 1, retryAfterSeconds: 1 } });
    // The other workers hear of a 429 through the one that had it (its receipt, then one Redis write): a request whose
    // turn Redis gave before that is on its way; anything later must wait. Judged on Redis's own log
    // (test/support/pause-verdict.ts), so a busy machine slows the news without failing the judgement.
    const monitor = await watchSharedWindow(redis.url, { baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    onTestFinished(() => monitor.close());
    const run = await startCli(crawlArgs('--workers', '3', '--json'), { ...env, REDIS_URL: redis.url }).done;
    const judgement = judgePauses((await sandbox.stats()).pauses, await monitor.stop());
    expect(run.code, run.stderr).toBe(0);
    console.log(`429 bursts: ${pauseSummary(judgement)}`);
    expect(judgement.pauses.length).toBeGreaterThan(0);
    expect(judgement.problems).toEqual([]);
    // Each 429 was a wait in whichever worker had it, and the crawl's summary counts them all as its own.
    const summary = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as { run: { rateLimitWaits: number; retries: number } };
    expect(summary.run.rateLimitWaits).toBe((await sandbox.stats()).faults.burst429);
  });

  test('--enqueue-only fetches nothing itself; workers started later do the crawl, and status shows it', async ({ driver }) => {
    const baseline = await singleProcessGraph(driver);
    const redisEnv = { ...env, REDIS_URL: redis.url };
    const crawl = startCli(crawlArgs('--enqueue-only'), redisEnv);
    const statusNow = async () => {
      const run = await runCli(['status', '--json'], { REDIS_URL: redis.url });
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as {
        crawls: { crawlId: string; queue: { workers: number; queued: number }; progress: { waiting: number } }[];
      };
    };
    let before = await statusNow();
    for (let i = 0; i < 100 && before.crawls.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      before = await statusNow();
    }
    expect(await requests()).toBe(0);
    expect(before.crawls).toHaveLength(1);
    expect(before.crawls[0]!.queue).toMatchObject({ workers: 0 });
    expect(before.crawls[0]!.queue.queued).toBeGreaterThan(0);

    const workers = [0, 1].map(() => startCli(['worker', '--rps', String(RPS), '--concurrency', String(CONCURRENCY)], redisEnv));
    await untilRequests(baseline.requests / 3, crawl);
    const during = await statusNow();
    expect(during.crawls[0]!.queue.workers).toBe(2);
    const text = await runCli(['status'], { REDIS_URL: redis.url });
    expect(text.stdout).toMatch(/^crawl \S+ \(.+ pid \d+, told .+ ago\)$/m);
    expect(text.stdout).toMatch(/^ {2}workers: {2}2 alive on the service's queue$/m);

    const end = await crawl.done;
    for (const w of workers) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.done));
    expect(end.code, end.stderr).toBe(0);
    expect(await dumpGraph(driver, testConnection().database)).toEqual(baseline.nodes);
    expect(await requests()).toBe(baseline.requests);
    expect((await statusNow()).crawls).toEqual([]);
  });
});
