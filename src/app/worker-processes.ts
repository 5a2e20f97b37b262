import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ServiceClientOptions } from './service-client.js';

/** What each local worker process is started with (the `worker` command's options). */
export interface WorkerProcessOptions extends Omit<ServiceClientOptions, 'onEvent' | 'signal'> {
  count: number;
  redisUrl: string;
  /** Prints one line for the user: each line a worker writes on its stderr, prefixed with its number. */
  log: (line: string) => void;
}

export interface WorkerProcesses {
  /** Those still running. */
  readonly alive: number;
  /** Ask each to finish the tasks in hand and stop (SIGTERM); resolves when all have exited. */
  stop(): Promise<void>;
}

/**
 * `crawl --workers N`: N `landing-graph worker` processes of this machine, started from this same program. The
 * service and key go by environment (never in a command line that `ps` shows); their stderr lines are passed on,
 * each prefixed with the worker's number.
 */
export function startWorkerProcesses(o: WorkerProcessOptions): WorkerProcesses {
  const script = process.argv[1];
  if (!script) throw new Error('cannot start workers: no script path in process.argv');
  const args = [
    ...process.execArgv,
    script,
    'worker',
    '--redis-url',
    o.redisUrl,
    '--rps',
    String(o.requestsPerSecond),
    '--concurrency',
    String(o.concurrency),
    ...(o.rateMarginMs === undefined ? [] : ['--rate-margin-ms', String(o.rateMarginMs)]),
    ...(o.timeoutMs === undefined ? [] : ['--timeout-ms', String(o.timeoutMs)]),
    ...(o.maxBodyBytes === undefined ? [] : ['--max-body-mb', String(Math.ceil(o.maxBodyBytes / 1024 / 1024))]),
    ...(o.serviceWaitMs === undefined ? [] : ['--service-wait-ms', String(o.serviceWaitMs)]),
    ...(o.firstContactTimeoutMs === undefined ? [] : ['--first-contact-timeout-ms', String(o.firstContactTimeoutMs)]),
  ];
  const env = { ...process.env, LANDING_BASE_URL: o.service.baseUrl, LANDING_API_KEY: o.service.apiKey, REDIS_URL: o.redisUrl };
  const children: ChildProcess[] = [];
  for (let i = 1; i <= o.count; i++) {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    createInterface({ input: child.stderr! }).on('line', (line) => o.log(`worker ${i}: ${line}`));
    children.push(child);
  }
  const exited = children.map((child) =>
    child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve())),
  );
  return {
    get alive() {
      return children.filter((c) => c.exitCode === null && c.signalCode === null).length;
    },
    async stop() {
      for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.all(exited);
    },
  };
}
