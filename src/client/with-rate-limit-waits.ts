import { LandingGraphError } from '../errors.js';
import type { Call, Layer } from './send.js';

export interface RateLimitWaitOptions {
  /** 429s waited out for one record before it fails with API_RETRIES_EXHAUSTED. */
  maxRateLimitWaits: number;
}

/**
 * The 429's piece: the service asked us to slow down, which says nothing about the record, so no attempt is spent:
 * the call goes again, and waits at the limiter for the pause that the limiter's piece set (with-limiter.ts).
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
