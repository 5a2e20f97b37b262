import { spawn } from 'node:child_process';
import Bottleneck from 'bottleneck';
import { Redis } from 'ioredis';
import { Pool, request } from 'undici';
import { DEFAULT_RATE_MARGIN_MS, RequestLimiter } from '../src/rate/limiter.js';
import { SharedWindow } from '../src/rate/shared-window.js';
import { refPath } from '../src/api/refs.js';
import { retryAfterMs } from '../src/client/retry.js';
import { generateGraph, pauseArrivals } from '../src/sandbox/index.js';
import { realtimePriority, startSandboxProcess, type SandboxProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { withBenchRedis, type BenchRedis } from './lib/redis.js';
import { fmt, log, sleep, tail } from './lib/util.js';
import { measureWindow } from './lib/window.js';
import { concurrencyFor } from './rate.js';

/**
 * The throttle the design card named (bottleneck) beside the project's (RequestLimiter, SharedWindow), each pacing
 * the same plain undici GETs in a process of its own against one sandbox; judged at the sandbox. Run as
 * `node throttle.js pace <json>` this file is that pacing process.
 */
type Approach =
  | 'limiter'
  | 'bottleneck-minTime'
  | 'bottleneck-reservoir'
  | 'shared-window'
  | 'bottleneck-redis'
  /** bottleneck-minTime plus what a user adds for a 429: reservoir 0 until Retry-After has passed. */
  | 'bottleneck-minTime+pause';

interface PaceConfig {
  approach: Approach;
  rps: number;
  concurrency: number;
  url: string;
  apiKey: string;
  paths: string[];
  redisUrl?: string;
}

/** What a pacing process reports on SIGINT. */
interface PaceReport {
  responses: number;
  byStatus: Record<string, number>;
  cpuUs: number;
  errors: number;
  firstErrors: string[];
}

const LATENCY_MS = 50;
const RECORDS = 2_000;
const BOTTLENECK_ID = 'bench-throttle';

/** A throttle as the pacing process uses it: run `send` with the headers it must carry; hold all until an epoch ms. */
interface Throttle {
  schedule<T>(send: (headers: Record<string, string>) => Promise<T>): Promise<T>;
  /** A 429's Retry-After; undefined: this approach has no notion of it. */
  pauseUntil?(untilMs: number): void;
  stop(): Promise<void>;
}

async function openThrottle(c: PaceConfig): Promise<Throttle> {
  const spacingMs = (1000 + DEFAULT_RATE_MARGIN_MS) / c.rps;
  if (c.approach === 'limiter' || c.approach === 'shared-window') {
    const shared =
      c.approach === 'shared-window'
        ? await SharedWindow.open({ redisUrl: c.redisUrl!, baseUrl: c.url, apiKey: c.apiKey, requestsPerSecond: c.rps })
        : undefined;
    const limiter = new RequestLimiter({ requestsPerSecond: c.rps, maxConcurrent: c.concurrency, ...(shared ? { shared } : {}) });
    return {
      schedule: (send) => limiter.schedule((departure) => send(departure.headers)),
      pauseUntil: (untilMs) => limiter.pauseUntil(untilMs),
      stop: async () => {
        await limiter.stop();
        await shared?.close();
      },
    };
  }
  // As bottleneck's README configures "R per second": minTime pacing, or a reservoir refreshed every second.
  const options: Bottleneck.ConstructorOptions =
    c.approach === 'bottleneck-reservoir'
      ? { maxConcurrent: c.concurrency, reservoir: c.rps, reservoirRefreshAmount: c.rps, reservoirRefreshInterval: 1000 }
      : { maxConcurrent: c.concurrency, minTime: spacingMs };
  if (c.approach === 'bottleneck-redis') {
    const url = new URL(c.redisUrl!);
    Object.assign(options, {
      id: BOTTLENECK_ID,
      datastore: 'ioredis',
      Redis,
      clientOptions: { host: url.hostname, port: Number(url.port) },
      clearDatastore: false,
    });
  }
  const limiter = new Bottleneck(options);
  limiter.on('error', () => undefined); // a datastore error also rejects the job, where it is counted
  let resume: NodeJS.Timeout | undefined;
  return {
    schedule: (send) => limiter.schedule(() => send({})),
    ...(c.approach === 'bottleneck-minTime+pause'
      ? {
          pauseUntil: (untilMs: number) => {
            void limiter.updateSettings({ reservoir: 0 });
            clearTimeout(resume);
            resume = setTimeout(() => void limiter.updateSettings({ reservoir: null }), Math.max(0, untilMs - Date.now()));
          },
        }
      : {}),
    stop: async () => {
      clearTimeout(resume);
      await limiter.stop({ dropWaitingJobs: true }).catch(() => undefined);
      await limiter.disconnect().catch(() => undefined);
    },
  };
}

/**
 * The pacing process: 2 x concurrency loops each asking for the next path through the throttle, as fast as it lets
 * them; on SIGINT it stops, and prints its PaceReport with the CPU it used from its first request.
 */
async function pace(c: PaceConfig): Promise<void> {
  const throttle = await openThrottle(c);
  const pool = new Pool(new URL(c.url).origin, { connections: c.concurrency * 2 });
  const report: PaceReport = { responses: 0, byStatus: {}, cpuUs: 0, errors: 0, firstErrors: [] };
  let next = 0;
  let stopping = false;
  const send = async (path: string, headers: Record<string, string>) => {
    const response = await request(`${c.url}${path}`, { dispatcher: pool, headers: { 'x-api-key': c.apiKey, ...headers } });
    await response.body.text();
    return response;
  };
  const loop = async () => {
    while (!stopping) {
      const path = c.paths[next++ % c.paths.length]!;
      try {
        const response = await throttle.schedule((headers) => send(path, headers));
        report.responses++;
        report.byStatus[response.statusCode] = (report.byStatus[response.statusCode] ?? 0) + 1;
        if (response.statusCode === 429) {
          const now = Date.now();
          throttle.pauseUntil?.(now + retryAfterMs(response.headers['retry-after'], now, 1000));
        }
      } catch (error) {
        if (stopping) break;
        report.errors++;
        if (report.firstErrors.length < 3) report.firstErrors.push(error instanceof Error ? error.message : String(error));
        await sleep(100); // a throttle that fails at once must not spin
      }
    }
  };
  const cpuAtStart = process.cpuUsage();
  const loops = Array.from({ length: c.concurrency * 2 }, loop);
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  stopping = true;
  const cpu = process.cpuUsage(cpuAtStart);
  report.cpuUs = cpu.user + cpu.system;
  process.stdout.write(`${JSON.stringify(report)}\n`);
  await Promise.race([Promise.allSettled([throttle.stop(), ...loops]), sleep(5_000)]);
  await pool.destroy();
  process.exit(0);
}

if (process.argv[2] === 'pace') await pace(JSON.parse(process.argv[3]!) as PaceConfig);

/** A pacing process started; `stop` sends SIGINT and reads its report. */
function startPacer(c: PaceConfig): { stop(): Promise<PaceReport> } {
  const child = spawn(process.execPath, [import.meta.filename, 'pace', JSON.stringify(c)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    stop: async () => {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await closed;
      clearTimeout(timer);
      const line = stdout.trim().split('\n').pop() ?? '';
      if (!line.startsWith('{')) throw new Error(`a ${c.approach} pacing process ended without its report:\n${tail(stderr)}`);
      return JSON.parse(line) as PaceReport;
    },
  };
}

interface Run {
  approach: Approach;
  rps: number;
  processes: number;
  /** Sandbox flags (faults). */
  sandboxArgs?: string[];
  /** Started as the window opens (a Redis restart); what it says goes to the notes. */
  during?: (sandbox: SandboxProcess) => Promise<string>;
  /** Said after the label (what the case adds). */
  also?: string;
}

const LABEL: Record<Approach, string> = {
  limiter: 'RequestLimiter',
  'bottleneck-minTime': 'bottleneck, minTime',
  'bottleneck-reservoir': 'bottleneck, reservoir',
  'shared-window': 'RequestLimiter + SharedWindow (Redis)',
  'bottleneck-redis': "bottleneck, minTime, datastore 'ioredis'",
  'bottleneck-minTime+pause': 'bottleneck, minTime, + reservoir 0 until Retry-After',
};

/**
 * One measurement: a sandbox (50 ms latency, real-time priority), `processes` pacing processes, the window from
 * the first arrival for `windowMs`, then SIGINT; figures at the sandbox and the processes' CPU.
 */
async function measure(
  run: Run,
  windowMs: number,
  paths: string[],
  redisUrl: string | undefined,
): Promise<{ label: string; value: string; busiest: number; utilisation: number; notes: string[] }> {
  const sandbox = await startSandboxProcess({ records: RECORDS, seed: 1, latencyMs: LATENCY_MS, extraArgs: run.sandboxArgs ?? [] });
  const priority = realtimePriority(sandbox.pid);
  try {
    const label = `${LABEL[run.approach]}, R = ${run.rps}${run.processes > 1 ? `, ${run.processes} processes` : ''}${run.also ?? ''}`;
    log(`throttle: ${label}`);
    const config: PaceConfig = {
      approach: run.approach,
      rps: run.rps,
      concurrency: concurrencyFor(run.rps),
      url: sandbox.url,
      apiKey: sandbox.apiKey,
      paths,
      ...(redisUrl ? { redisUrl } : {}),
    };
    const pacers = Array.from({ length: run.processes }, () => startPacer(config));
    let reports: PaceReport[] = [];
    let duringNote: Promise<string> | undefined;
    const { perSecond, after } = await measureWindow(
      sandbox,
      windowMs,
      async () => {
        reports = await Promise.all(pacers.map((p) => p.stop()));
      },
      1,
      () => (duringNote = run.during?.(sandbox)),
    );
    const responses = reports.reduce((n, r) => n + r.responses, 0);
    const cpuUs = reports.reduce((n, r) => n + r.cpuUs, 0);
    const errors = reports.reduce((n, r) => n + r.errors, 0);
    const utilisation = perSecond / run.rps;
    const notes = [
      `${label}: status codes at the sandbox ${JSON.stringify(after.byStatus)}; ${after.total} requests; busiest calendar second ${after.maxPerSecond?.count ?? 0}` +
        (errors ? `; ${errors} jobs failed in the pacing processes (first: ${reports.flatMap((r) => r.firstErrors)[0] ?? ''})` : '') +
        (priority ? `; sandbox at normal priority (${priority})` : '') +
        '.',
    ];
    if (duringNote) notes.push(`${label}: ${await duringNote}`);
    const arrivals = pauseArrivals(after.pauses);
    const retryAfter = run.sandboxArgs
      ? `; requests during a Retry-After ${arrivals.during} (crossing ${arrivals.crossing}) after ${after.faults.burst429} 429s`
      : '';
    return {
      label,
      value: `${after.busiestWindow}; ${fmt.num(perSecond, 2)}/s = ${fmt.num(utilisation, 3)}; ${fmt.num(cpuUs / Math.max(1, responses), 0)} µs${retryAfter}`,
      busiest: after.busiestWindow,
      utilisation,
      notes,
    };
  } finally {
    await sandbox.close();
  }
}

/** The throttles side by side: alone at 20, 100 and 200/s; three processes on Redis; 429s; a Redis restart. */
export async function throttleBenchmark(windowMs: number): Promise<Section> {
  const section: Section = {
    title: '11. The throttle: bottleneck beside the RequestLimiter',
    method: [
      `Each approach paces plain undici GETs of records (the same code for all: \`bench/throttle.ts\`) from a process of its own, with 2 x C loops always asking (C = concurrency of benchmark 1: 8 at R = 20, 15 at 100, 30 at 200), against a sandbox of ${fmt.int(RECORDS)} records with ${LATENCY_MS} ms latency under real-time priority. ` +
        `The window opens at the first arrival and lasts ${fmt.s(windowMs)}, then SIGINT. Figures: busiest sliding 1,000 ms of arrivals at the sandbox over the whole run (\`busiestWindow\`); utilisation = arrivals in the window / its length / R; CPU = process.cpuUsage (user + system) of the pacing processes from their first request to SIGINT / responses (the HTTP work, the same for all, included). ` +
        `bottleneck ${'2.19.5'} as its README configures R per second: \`minTime\` (1,000 + ${DEFAULT_RATE_MARGIN_MS}) / R with \`maxConcurrent\` C (the RequestLimiter's spacing), or \`reservoir\` R refreshed to R every 1,000 ms; clustered: \`datastore: 'ioredis'\`, one \`id\` for the processes (its minTime and maxConcurrent then hold for all of them). The RequestLimiter with \`requestsPerSecond\` R and \`maxConcurrent\` C; clustered, each with a SharedWindow on one key (as \`crawl\` with REDIS_URL).`,
    ],
    figures: [],
    notes: [],
  };
  const paths = generateGraph({ records: RECORDS, seed: 1 })
    .ids('company')
    .map((id) => refPath({ kind: 'company', id }));
  const add = (m: Awaited<ReturnType<typeof measure>>, target: boolean, rps: number) => {
    section.figures.push({
      name: `${m.label}: busiest sliding second; achieved / R; CPU per request`,
      value: m.value,
      ...(target ? { target: `<= ${rps}`, pass: m.busiest <= rps } : {}),
    });
    section.notes.push(...m.notes);
  };
  for (const rps of [20, 100, 200])
    for (const approach of ['limiter', 'bottleneck-minTime', 'bottleneck-reservoir'] as const)
      add(await measure({ approach, rps, processes: 1 }, windowMs, paths, undefined), true, rps);

  // A 429 with Retry-After: 2 s at every 50th request.
  const faults = ['--burst-every', '50', '--burst-length', '1', '--retry-after', '2'];
  for (const approach of ['limiter', 'bottleneck-minTime', 'bottleneck-minTime+pause'] as const) {
    const also = ', a 429 with Retry-After: 2 at every 50th request';
    add(await measure({ approach, rps: 20, processes: 1, sandboxArgs: faults, also }, windowMs, paths, undefined), false, 20);
  }

  await withBenchRedis(async (redis) => {
    for (const approach of ['shared-window', 'bottleneck-redis'] as const) {
      redis.flush();
      add(await measure({ approach, rps: 20, processes: 3 }, windowMs, paths, redis.url), true, 20);
    }
    for (const approach of ['shared-window', 'bottleneck-redis'] as const) {
      redis.flush();
      const also = ', Redis restarted (data lost) a third into the window';
      const during = (sandbox: SandboxProcess) => restartRedis(redis, sandbox, windowMs);
      add(await measure({ approach, rps: 20, processes: 3, during, also }, windowMs, paths, redis.url), false, 20);
    }
  });
  return section;
}

/**
 * From the window's opening: Redis stops at a third (its data lost: redis-local keeps none), starts again 3 s later;
 * what arrived while it was down, and the rate over the last third of the window.
 */
async function restartRedis(redis: BenchRedis, sandbox: SandboxProcess, windowMs: number): Promise<string> {
  const t0 = Date.now();
  const at = (ms: number) => sleep(Math.max(0, t0 + ms - Date.now()));
  await at(windowMs / 3);
  redis.stop();
  const down = (await sandbox.stats()).total;
  await sleep(3_000);
  const stillDown = (await sandbox.stats()).total;
  redis.start();
  await at((windowMs * 2) / 3);
  // Timed from before the first count to after the last: the rate is never overstated.
  const lastFrom = Date.now();
  const lastStart = (await sandbox.stats()).total;
  await at(windowMs - 300);
  const lastRate = (((await sandbox.stats()).total - lastStart) * 1000) / (Date.now() - lastFrom);
  return `${stillDown - down} requests arrived in the 3 s Redis was down (from its stop to its start); ${fmt.num(lastRate, 2)}/s over the last third of the window (Redis back).`;
}
