import { LandingGraphError } from '../errors.js';
import { LimiterStoppedError, type RequestLimiter } from '../rate/limiter.js';
import type { Clock } from '../time/clock.js';
import { retryAfterMs } from './retry.js';
import type { Layer } from './send.js';

export type RateLimitEvent = { type: 'rate-limited'; ref: string; retryAfterMs: number };

export interface LimiterLayerOptions {
  /** Reads a Retry-After date. */
  clock: Pick<Clock, 'now'>;
  /** Longest Retry-After honoured; a longer one is cut to this. */
  maxRetryAfterMs: number;
  onRateLimited?: (event: RateLimitEvent) => void;
}

/**
 * The rate limiter's piece: each attempt waits for its turn (concurrency, pause, sliding window, shared window) and
 * carries the departure's headers, so that the limiter sees the moment it leaves. A 429 pauses the limiter until
 * Retry-After (1 s when absent or unreadable) here, inside the attempt's turn: once the attempt is over its place
 * goes to the next request, which must find the pause already there.
 */
export function withLimiter(limiter: Pick<RequestLimiter, 'schedule' | 'pauseUntil'>, options: LimiterLayerOptions): Layer {
  const pauseFor = (error: LandingGraphError, what: string) => {
    const nowMs = options.clock.now();
    const waitMs = Math.min(retryAfterMs(error.details.retryAfter as string | string[] | undefined, nowMs, 1000), options.maxRetryAfterMs);
    limiter.pauseUntil(nowMs + waitMs);
    options.onRateLimited?.({ type: 'rate-limited', ref: what, retryAfterMs: waitMs });
  };
  return (next) => async (call) => {
    try {
      return await limiter.schedule(async (departure) => {
        try {
          return await next({ ...call, headers: { ...call.headers, ...departure.headers } });
        } catch (error) {
          if (error instanceof LandingGraphError && error.code === 'API_RATE_LIMITED') pauseFor(error, call.what);
          throw error;
        }
      });
    } catch (error) {
      if (!(error instanceof LimiterStoppedError)) throw error;
      throw new LandingGraphError('CRAWL_ABORTED', `the client was closed while ${call.what} waited for its turn`, { cause: error });
    }
  };
}
