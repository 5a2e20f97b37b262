import { LandingGraphError } from '../errors.js';
import type { Clock } from '../time/clock.js';
import type { RequestLimiter } from '../rate/limiter.js';
import { retryAfterMs } from './retry.js';
import type { Call, Layer } from './send.js';

export type RateLimitEvent = { type: 'rate-limited'; ref: string; retryAfterMs: number };

export interface RateLimitWaitOptions {
  /** Paused on a 429, so that every request of the client (and of the shared window) waits, not only this one. */
  limiter: Pick<RequestLimiter, 'pauseUntil'>;
  /** Reads a Retry-After date. */
  clock: Pick<Clock, 'now'>;
  /** Longest Retry-After honoured; a longer one is cut to this. */
  maxRetryAfterMs: number;
  /** 429s waited out for one record before it fails with API_RETRIES_EXHAUSTED. */
  maxRateLimitWaits: number;
  onRateLimited?: (event: RateLimitEvent) => void;
}

/**
 * The 429's piece: the service asked us to slow down, which says nothing about the record, so no attempt is spent:
 * the limiter pauses until Retry-After (1 s when absent or unreadable) and the call goes again.
 */
export function withRateLimitWaits(options: RateLimitWaitOptions): Layer {
  // By call, not by pass through this layer: a retry after a transient failure comes back with the same call, and
  // the bound is for the record's whole fetch.
  const waitsByCall = new WeakMap<Call, number>();
  return (next) => async (call) => {
    for (;;) {
      try {
        return await next(call);
      } catch (error) {
        if (!(error instanceof LandingGraphError) || error.code !== 'API_RATE_LIMITED') throw error;
        const nowMs = options.clock.now();
        const waitMs = Math.min(
          retryAfterMs(error.details.retryAfter as string | string[] | undefined, nowMs, 1000),
          options.maxRetryAfterMs,
        );
        options.limiter.pauseUntil(nowMs + waitMs);
        options.onRateLimited?.({ type: 'rate-limited', ref: call.what, retryAfterMs: waitMs });
        const waits = (waitsByCall.get(call) ?? 0) + 1;
        waitsByCall.set(call, waits);
        if (waits > options.maxRateLimitWaits) {
          throw new LandingGraphError('API_RETRIES_EXHAUSTED', `still rate limited after ${waits - 1} waits for ${call.what}`, {
            cause: error,
          });
        }
      }
    }
  };
}
