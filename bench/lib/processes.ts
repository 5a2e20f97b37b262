import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FaultOptions } from '../../src/sandbox/faults.js';
import type { StatsSnapshot } from '../../src/sandbox/stats.js';
import { cliPath, log, outDir, projectRoot, sleep, tail } from './util.js';

export { realtimePriority } from './realtime.js';

/** Children still running, killed if the bench exits without closing them (an uncaught error, a signal). */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
}

/** The sandbox of the service in a process of its own (`landing-graph sandbox`), on 127.0.0.1. */
export interface SandboxProcess {
  url: string;
  apiKey: string;
  pid: number;
  /** The sandbox's counters; `busiestWindow` over windows of `windowMs` (default 1,000). */
  stats(windowMs?: number): Promise<StatsSnapshot>;
  /** The counters start again. */
  resetStats(): Promise<void>;
  /** Replaces the faults (omitted ones are off), as Sandbox.setFaults. */
  setFaults(faults: FaultOptions): Promise<void>;
  close(): Promise<void>;
}

/** POST a control request to a sandbox; throws with the sandbox's answer when it refuses. */
async function control(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
}

export async function startSandboxProcess(options: {
  records: number;
  seed: number;
  latencyMs?: number;
  /** Serve the planted world (`sandbox --plant`). */
  plant?: boolean;
  /** More sandbox flags (faults: --burst-every N --retry-after S ...). */
  extraArgs?: string[];
  /** Extra node flags (--import <probe>). */
  nodeArgs?: string[];
  env?: Record<string, string>;
}): Promise<SandboxProcess> {
  const args = [
    ...(options.nodeArgs ?? []),
    cliPath,
    'sandbox',
    '--host',
    '127.0.0.1',
    '--port',
    '0',
    '--records',
    String(options.records),
    '--seed',
    String(options.seed),
  ];
  if (options.latencyMs) args.push('--latency-ms', String(options.latencyMs));
  if (options.plant) args.push('--plant');
  if (options.extraArgs) args.push(...options.extraArgs);
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
  });
  track(child);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const onData = (d: Buffer) => {
      stdout += d.toString();
      const match = /landing-graph sandbox: LANDING_BASE_URL=(http:\/\/127\.0\.0\.1:\d+) /.exec(stdout);
      if (match) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it was ready:\n${stderr}`)));
  });
  log(`sandbox (pid ${child.pid}) ${options.records} records, seed ${options.seed}, latency ${options.latencyMs ?? 0} ms at ${url}`);
  return {
    url,
    apiKey: 'sandbox-key',
    pid: child.pid!,
    stats: async (windowMs) => {
      const response = await fetch(`${url}/__sandbox/stats${windowMs === undefined ? '' : `?windowMs=${windowMs}`}`);
      return (await response.json()) as StatsSnapshot;
    },
    resetStats: () => control(`${url}/__sandbox/stats/reset`, {}),
    setFaults: (faults) => control(`${url}/__sandbox/faults`, faults),
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface CrawlRunOptions {
  seedsFile: string;
  depth: number;
  rps: number;
  concurrency: number;
  maxRecords?: number;
  /** More crawl flags (--refresh, --max-age 0, ...). */
  extraArgs?: string[];
  service: { url: string; apiKey: string };
  neo4jEnv: Record<string, string>;
  /** Extra node flags (--cpu-prof ..., --import <probe>). */
  nodeArgs?: string[];
  env?: Record<string, string>;
}

export interface CrawlChild {
  child: ChildProcess;
  pid: number;
  /** Resolves when the process has exited. */
  done: Promise<CrawlExit>;
  /** SIGINT (the CLI's clean stop); SIGKILL after `graceMs` if it does not exit. */
  interrupt(graceMs?: number): Promise<CrawlExit>;
}

export interface CrawlExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The --json summary line, when the crawl ended normally. */
  summary?: CrawlSummary;
}

export interface CrawlSummary {
  crawlId: string;
  status: string;
  run: {
    fetched: number;
    missing: number;
    failed: number;
    invalid: number;
    nodesWritten: number;
    edgesWritten: number;
    elapsedMs: number;
    retries: number;
    rateLimitWaits: number;
  };
  totals: { requested: number; fetched: number };
}

/** The node flags of the CLI's shebang (its heap bounds), so a crawl started with process.execPath runs as `npx landing-graph` does. */
function shebangFlags(): string[] {
  const first = readFileSync(cliPath, 'utf8').split('\n', 1)[0] ?? '';
  return /\bnode\s+(.*)$/.exec(first)?.[1]?.trim().split(/\s+/) ?? [];
}

/** `landing-graph crawl --seeds-file F --depth D --rps R --concurrency C --json`, the built CLI as users run it. */
export function startCrawl(o: CrawlRunOptions): CrawlChild {
  const args = [
    ...shebangFlags(),
    ...(o.nodeArgs ?? []),
    cliPath,
    'crawl',
    '--seeds-file',
    o.seedsFile,
    '--depth',
    String(o.depth),
    '--rps',
    String(o.rps),
    '--concurrency',
    String(o.concurrency),
    '--json',
  ];
  if (o.maxRecords !== undefined) args.push('--max-records', String(o.maxRecords));
  if (o.extraArgs) args.push(...o.extraArgs);
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LANDING_BASE_URL: o.service.url,
      LANDING_API_KEY: o.service.apiKey,
      ...o.neo4jEnv,
      ...o.env,
    },
  });
  track(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
  const done = new Promise<CrawlExit>((resolve) => {
    child.once('close', (code, signal) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      let summary: CrawlSummary | undefined;
      try {
        summary = line.startsWith('{') ? (JSON.parse(line) as CrawlSummary) : undefined;
      } catch {
        summary = undefined;
      }
      resolve({ code, signal, stdout, stderr, summary });
    });
  });
  return {
    child,
    pid: child.pid!,
    done,
    interrupt: async (graceMs = 60_000) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const exit = await done;
      clearTimeout(timer);
      return exit;
    },
  };
}

/** `landing-graph worker --rps R --concurrency C` (issue 25), the built CLI, on the service and Redis given. */
export function startWorkerProcess(o: { rps: number; concurrency: number; redisUrl: string; service: { url: string; apiKey: string } }): {
  pid: number;
  done: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
} {
  const child = spawn(
    process.execPath,
    [...shebangFlags(), cliPath, 'worker', '--rps', String(o.rps), '--concurrency', String(o.concurrency)],
    {
      cwd: projectRoot,
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LANDING_BASE_URL: o.service.url,
        LANDING_API_KEY: o.service.apiKey,
        REDIS_URL: o.redisUrl,
      },
    },
  );
  track(child);
  const done = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { pid: child.pid!, done, kill: (signal) => child.kill(signal) };
}

/**
 * VmHWM / VmRSS (kB) of a live process from /proc/<pid>/status; undefined once it is gone, and also while
 * it exits (a zombie's status has no Vm lines, and a NaN would poison every max taken over the polls).
 */
export function procMemory(pid: number): { hwmKb: number; rssKb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    const m = { hwmKb: field('VmHWM'), rssKb: field('VmRSS') };
    return Number.isFinite(m.hwmKb) && Number.isFinite(m.rssKb) ? m : undefined;
  } catch {
    return undefined;
  }
}

/** Wait for `promise`, but at most `ms`; `undefined` on time-out. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export { sleep };

/** `landing-graph <args>` (the built CLI, with its shebang flags) to its end, with this environment added. */
/** The most of a child's stdout kept in memory; past it, only its size is known (stdout is then ''). */
const MAX_KEPT_STDOUT_BYTES = 256 * 1024 * 1024;

export async function runCliProcess(
  args: string[],
  env: Record<string, string>,
  nodeArgs: string[] = [],
  timeoutMs?: number,
): Promise<{ code: number | null; stdout: string; stdoutBytes: number; stderr: string; timedOut: boolean }> {
  const child = spawn(process.execPath, [...shebangFlags(), ...nodeArgs, cliPath, ...args], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  track(child);
  // Kept up to a bound (a string holds at most about 512 MB: networks --json over a million records writes more);
  // the bytes are counted whole. A caller that parses stdout reads an output far below the bound.
  const chunks: Buffer[] = [];
  let stdoutBytes = 0;
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => {
    if (stdoutBytes + d.length <= MAX_KEPT_STDOUT_BYTES) chunks.push(d);
    stdoutBytes += d.length;
  });
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8000)));
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          child.kill('SIGTERM');
        }, timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  clearTimeout(timer);
  if (stdoutBytes > MAX_KEPT_STDOUT_BYTES) chunks.length = 0;
  return { code, stdout: Buffer.concat(chunks).toString(), stdoutBytes, stderr, timedOut };
}

/** A CLI command measured as a child process: wall time and its own peaks at exit (bench/rss-probe.ts). */
export interface MeasuredRun {
  wallMs: number;
  maxRssKb?: number;
  heapTotalKb?: number;
  stdout: string;
  /** What it wrote to stdout, all of it (stdout itself is '' past 256 MB). */
  stdoutBytes: number;
  stderr: string;
  /** It ran past the time box it was given and was stopped (SIGTERM). */
  timedOut: boolean;
  /** Set when it exited non-zero: the code and its last lines. */
  error?: string;
}

/** `landing-graph <args>` with `env`, its peak RSS and heap read from the probe's file `<outDir>/<name>.rss.json`. */
export async function runMeasuredCli(
  name: string,
  args: string[],
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<MeasuredRun> {
  const rssFile = path.join(outDir, `${name}.rss.json`);
  rmSync(rssFile, { force: true });
  const probe = path.join(import.meta.dirname, '..', 'rss-probe.js');
  log(`${name}: landing-graph ${args.join(' ')}`);
  const started = Date.now();
  const run = await runCliProcess(args, { ...env, BENCH_RSS_FILE: rssFile }, ['--import', probe], options.timeoutMs);
  const wallMs = Date.now() - started;
  const peaks = existsSync(rssFile) ? (JSON.parse(readFileSync(rssFile, 'utf8')) as { maxRssKb: number; heapTotalKb: number }) : undefined;
  return {
    wallMs,
    maxRssKb: peaks?.maxRssKb,
    heapTotalKb: peaks?.heapTotalKb,
    stdout: run.stdout,
    stdoutBytes: run.stdoutBytes,
    stderr: run.stderr,
    timedOut: run.timedOut,
    ...(run.code === 0 ? {} : { error: `exit ${run.code}: ${tail(run.stderr, 3)}` }),
  };
}
