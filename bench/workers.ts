import { LandingClient } from '../src/client/client.js';
import { serviceId } from '../src/rate/shared-window.js';
import { startFetchWorker } from '../src/queue/fetch-worker.js';
import { RemoteFetch } from '../src/queue/remote-fetch.js';
import { generateGraph } from '../src/sandbox/index.js';
import { UNTHROTTLED_RPS } from './e2e.js';
import { graphCounts, resetGraph, type BenchNeo4j } from './lib/neo4j.js';
import { realtimePriority, startCrawl, startSandboxProcess, startWorkerProcess } from './lib/processes.js';
import { type BenchRedis, withBenchRedis } from './lib/redis.js';
import type { Section } from './lib/report.js';
import { fmt, log, sleep, tail } from './lib/util.js';
import { measureWindow } from './lib/window.js';
import { singleSeedWorkload, writeSeedsFile } from './lib/workload.js';

const RECORDS = 20_000;
const RPS = 200;
const CONCURRENCY = 8;
/** The window opens after this many arrivals: past the crawl's first narrow levels, where a level's end is most of the time. */
const WARM_ARRIVALS = 1_500;
/** Requests timed one at a time for the queue's cost. */
const COST_REQUESTS = 2_000;

/**
 * Workers on the record queue (issue 25), in three parts:
 * - scaling: one crawl from one seed (depth 6, so it never runs out), measured for `windowMs` once it is past its first
 *   levels, then SIGINT; as one process without Redis (the baseline), then on the queue with 1, 2, 4 and 8 workers
 *   (its own, plus `--workers N-1`), at --rps 200 and unthrottled;
 * - a worker killed: a finite crawl with 4 workers, once whole and once with one worker killed (`kill -9`) a third of
 *   the way: extra requests, time until its tasks were redone, the crawl's time and graph against the whole run;
 * - the queue's cost per request: one record at a time through RemoteFetch and a worker, against LandingClient alone.
 */
export async function workersBenchmark(neo: BenchNeo4j, windowMs: number): Promise<Section> {
  const section: Section = {
    title: '8. Workers on the record queue (BullMQ on Redis)',
    method: [
      `Scaling: a sandbox of ${fmt.int(RECORDS)} records in its own process (real-time priority when allowed); one crawl from its first company at depth 6 with --concurrency ${CONCURRENCY} per process; the window opens at the ${fmt.int(WARM_ARRIVALS)}th arrival at the sandbox (past the first narrow levels), lasts ${fmt.s(windowMs)}, then SIGINT. ` +
        `"1 process" has no Redis; "N workers" is \`crawl --redis-url … --workers N-1\` (its own worker and N-1 local worker processes), all on this machine's 2 cores with the sandbox and Neo4j. Unthrottled: --rps ${fmt.int(UNTHROTTLED_RPS)}.`,
      `A worker killed: the depth-3 ball of the same sandbox's first company, crawled to its end at --rps ${RPS} by the crawl and 3 \`landing-graph worker\` processes (--concurrency ${CONCURRENCY} each), once whole and once with one worker killed with \`kill -9\` when a third of the ball has arrived. ` +
        `Extra requests = arrivals beyond one per record; recovered = the last extra request's arrival after the kill (its leased tasks wait for their lease, 10 s, and the stalled check, every 5 s).`,
      `The queue's cost per request: ${fmt.int(COST_REQUESTS)} records fetched one at a time from a sandbox with no latency, with LandingClient alone and then through RemoteFetch and a fetch worker in the bench's process (the same client), against the same Redis; the cost is the difference of the medians.`,
    ],
    figures: [],
    notes: [],
  };
  const companies = generateGraph({ records: RECORDS, seed: 8 }).ids('company');
  return withBenchRedis(async (redis) => {
    await scaling(neo, redis, windowMs, section, companies[0]!);
    await killedWorker(neo, redis, section);
    await queueCost(redis, section, companies.slice(0, COST_REQUESTS));
    return section;
  });
}

async function scaling(neo: BenchNeo4j, redis: BenchRedis, windowMs: number, section: Section, firstCompany: number): Promise<void> {
  const seed = { kind: 'company' as const, id: firstCompany };
  const baselines = new Map<number, number>();
  for (const rps of [RPS, UNTHROTTLED_RPS])
    for (const workers of [0, 1, 2, 4, 8]) {
      const rate = rps === RPS ? `--rps ${RPS}` : 'unthrottled';
      const who = workers === 0 ? '1 process, no Redis' : `${workers} worker${workers > 1 ? 's' : ''}`;
      const sandbox = await startSandboxProcess({ records: RECORDS, seed: 8 });
      const priority = realtimePriority(sandbox.pid);
      try {
        await resetGraph(neo);
        redis.flush();
        log(`workers: ${who}, ${rate}`);
        const crawl = startCrawl({
          seedsFile: writeSeedsFile('workers', [seed]),
          depth: 6,
          rps,
          concurrency: CONCURRENCY,
          service: sandbox,
          neo4jEnv: neo.env,
          ...(workers > 0 ? { env: { REDIS_URL: redis.url }, extraArgs: ['--workers', String(workers - 1)] } : {}),
        });
        const { perSecond, after } = await measureWindow(sandbox, windowMs, () => crawl.interrupt(), WARM_ARRIVALS);
        if (workers === 0) baselines.set(rps, perSecond);
        const baseline = baselines.get(rps) ?? perSecond;
        section.figures.push({
          name: `${rate}, ${who}: records/s at the sandbox${rps === RPS ? `; utilisation of ${RPS}` : ''}; against 1 process; busiest sliding second; records asked twice`,
          value: `${fmt.num(perSecond, 1)}/s${rps === RPS ? `; ${fmt.num(perSecond / RPS, 3)}` : ''}; ${fmt.num(perSecond / baseline, 2)}x; ${after.busiestWindow}; ${repeatedOf(after.byPath)}`,
          ...(rps === RPS && workers > 0 ? { target: `busiest <= ${RPS}`, pass: after.busiestWindow <= RPS } : {}),
        });
        if (priority) section.notes.push(`${who}, ${rate}: sandbox at normal priority (${priority}).`);
      } finally {
        await sandbox.close();
      }
    }
}

interface KilledRun {
  elapsedMs: number;
  requests: number;
  extra: number;
  /** From the kill to the last extra request's arrival. */
  recoveredMs?: number;
  counts: Awaited<ReturnType<typeof graphCounts>>;
}

async function killedWorker(neo: BenchNeo4j, redis: BenchRedis, section: Section): Promise<void> {
  const workload = singleSeedWorkload(RECORDS, 8, 3);
  const ball = workload.records.length;
  const run = async (kill: boolean): Promise<KilledRun> => {
    const sandbox = await startSandboxProcess({ records: RECORDS, seed: 8 });
    realtimePriority(sandbox.pid);
    try {
      await resetGraph(neo);
      redis.flush();
      log(`workers: a ${fmt.int(ball)}-record ball with 4 workers${kill ? ', one killed' : ''}`);
      const workers = [0, 1, 2].map(() =>
        startWorkerProcess({ rps: RPS, concurrency: CONCURRENCY, redisUrl: redis.url, service: sandbox }),
      );
      const crawl = startCrawl({
        seedsFile: writeSeedsFile('workers-killed', workload.seeds),
        depth: 3,
        rps: RPS,
        concurrency: CONCURRENCY,
        service: sandbox,
        neo4jEnv: neo.env,
        env: { REDIS_URL: redis.url },
      });
      let killedAtMs: number | undefined;
      let lastExtraAtMs: number | undefined;
      let extraSeen = 0;
      let finished = false;
      const exitPromise = crawl.done.finally(() => (finished = true));
      while (!finished) {
        const stats = await sandbox.stats();
        if (kill && killedAtMs === undefined && stats.total >= ball / 3) {
          workers[0]!.kill('SIGKILL');
          killedAtMs = Date.now();
        }
        const extra = repeatedOf(stats.byPath);
        if (extra > extraSeen) {
          extraSeen = extra;
          lastExtraAtMs = Date.now();
        }
        await sleep(100);
      }
      const exit = await exitPromise;
      for (const w of workers) w.kill('SIGTERM');
      await Promise.all(workers.map((w) => w.done));
      if (exit.summary?.status !== 'finished')
        throw new Error(`the killed-worker crawl did not finish (exit ${exit.code}):\n${tail(exit.stderr)}`);
      const stats = await sandbox.stats();
      return {
        elapsedMs: exit.summary.run.elapsedMs,
        requests: stats.total,
        extra: repeatedOf(stats.byPath),
        ...(killedAtMs !== undefined && lastExtraAtMs !== undefined ? { recoveredMs: lastExtraAtMs - killedAtMs } : {}),
        counts: await graphCounts(neo),
      };
    } finally {
      await sandbox.close();
    }
  };
  const whole = await run(false);
  const killed = await run(true);
  const sameGraph = JSON.stringify(whole.counts) === JSON.stringify(killed.counts);
  section.figures.push(
    {
      name: `a ${fmt.int(ball)}-record ball at --rps ${RPS}, 4 workers, none killed: crawl time; requests; extra requests`,
      value: `${fmt.s(whole.elapsedMs)}; ${fmt.int(whole.requests)}; ${whole.extra}`,
    },
    {
      name: `the same, one worker killed with kill -9 a third of the way: crawl time; extra requests; recovered (last extra request after the kill); graph`,
      value: `${fmt.s(killed.elapsedMs)} (${fmt.pct(killed.elapsedMs / whole.elapsedMs - 1)} longer); ${killed.extra}; ${killed.recoveredMs === undefined ? 'no extra request' : fmt.s(killed.recoveredMs)}; ${sameGraph ? 'equal to the whole run' : 'NOT equal'}`,
      target: `extra <= ${CONCURRENCY}; graph equal`,
      pass: killed.extra <= CONCURRENCY && sameGraph,
    },
  );
  if (!sameGraph) section.notes.push(`Graphs: whole ${JSON.stringify(whole.counts)}, killed ${JSON.stringify(killed.counts)}.`);
}

async function queueCost(redis: BenchRedis, section: Section, ids: number[]): Promise<void> {
  const sandbox = await startSandboxProcess({ records: RECORDS, seed: 8 });
  const client = new LandingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: Infinity, maxConcurrent: 1 });
  try {
    redis.flush();
    const direct = await timeEach(ids, (id) => client.fetch({ kind: 'company', id }));
    const service = serviceId(sandbox.url, sandbox.apiKey);
    const remote = await RemoteFetch.open({ redisUrl: redis.url, serviceId: service });
    const worker = startFetchWorker({ redisUrl: redis.url, serviceId: service, fetch: (ref) => client.fetch(ref), concurrency: 1 });
    try {
      const queued = await timeEach(ids, (id) => remote.fetch({ kind: 'company', id }, 'bench-queue-cost'));
      section.figures.push({
        name: `one request alone / through the record queue (${fmt.int(COST_REQUESTS)} one at a time): p50; p99`,
        value: `${fmt.num(direct.p50, 2)} / ${fmt.num(queued.p50, 2)} ms; ${fmt.num(direct.p99, 2)} / ${fmt.num(queued.p99, 2)} ms (the queue adds ${fmt.num(queued.p50 - direct.p50, 2)} ms at the median)`,
      });
    } finally {
      await worker.close();
      await remote.close();
    }
  } finally {
    await client.close();
    await sandbox.close();
  }
}

async function timeEach(ids: number[], fetch: (id: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const ms: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    await fetch(id);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

/** Arrivals beyond one per record. */
function repeatedOf(byPath: Record<string, number>): number {
  return Object.values(byPath).reduce((sum, n) => sum + Math.max(0, n - 1), 0);
}
