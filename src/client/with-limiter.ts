import { LandingGraphError } from '../errors.js';
import { LimiterStoppedError, type RequestLimiter } from '../rate/limiter.js';
import type { Layer } from './send.js';

/**
 * The rate limiter's piece: each attempt waits for its turn (concurrency, pause, sliding window, shared window) and
 * carries the departure's headers, so that the limiter sees the moment it leaves.
 */
export function withLimiter(limiter: Pick<RequestLimiter, 'schedule'>): Layer {
  return (next) => async (call) => {
    try {
      return await limiter.schedule((departure) => next({ ...call, headers: { ...call.headers, ...departure.headers } }));
    } catch (error) {
      if (!(error instanceof LimiterStoppedError)) throw error;
      throw new LandingGraphError('CRAWL_ABORTED', `the client was closed while ${call.what} waited for its turn`, { cause: error });
    }
  };
}
