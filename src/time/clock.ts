import { setTimeout as delay } from 'node:timers/promises';

/** Time as every piece that reads or waits on it takes it: injected, so that a fake clock drives it in tests. */
export interface Clock {
  /** Monotonic time in ms, any origin. */
  now(): number;
  /** Resolves after `ms` ms of this clock, or early (resolving or rejecting) once `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** performance.now and setTimeout: for pacing, where only intervals count. */
export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
};

/** Date.now and setTimeout: for what also stamps or compares dates (the crawl's records, a Retry-After date). */
export const epochClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
};
