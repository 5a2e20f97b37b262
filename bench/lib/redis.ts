import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { envNumber, projectRoot } from './util.js';

export interface BenchRedis {
  url: string;
  port: number;
  /** Empty every database (between cases: no queue, window or board of the last case). */
  flush(): void;
  /** Stop the server (its data is lost: redis-local keeps none), or start it again. */
  stop(): void;
  start(): void;
}

/** A Redis of the bench's own (scripts/redis-local, home .redis/bench, port BENCH_REDIS_PORT or 6399) for the duration of `work`. */
export async function withBenchRedis<T>(work: (redis: BenchRedis) => Promise<T>): Promise<T> {
  const home = path.join(projectRoot, '.redis/bench');
  const port = envNumber('BENCH_REDIS_PORT', 6399);
  const redisLocal = (command: string) =>
    execFileSync('bash', [path.join(projectRoot, 'scripts/redis-local'), command, '--home', home, '--port', String(port)], {
      stdio: 'ignore',
    });
  redisLocal('start');
  try {
    return await work({
      url: `redis://127.0.0.1:${port}`,
      port,
      flush: () => execFileSync('redis-cli', ['-p', String(port), 'flushall'], { stdio: 'ignore' }),
      stop: () => redisLocal('stop'),
      start: () => redisLocal('start'),
    });
  } finally {
    redisLocal('stop');
  }
}
