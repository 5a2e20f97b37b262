import { LandingGraphError } from '../errors.js';
import type { Clock } from '../time/clock.js';
import { backoffDelayMs, type RetryOptions } from './retry.js';
import type { Layer } from './send.js';

export type RetryEvent = { type: 'retry'; ref: string; failedAttempts: number; delayMs: number; code: string; message: string };

export interface RetryLayerOptions {
  retry: Required<RetryOptions>;
  /** Waits out the back-off. */
  clock: Pick<Clock, 'sleep'>;
  /** The back-off's jitter. */
  random: () => number;
  onRetry?: (event: RetryEvent) => void;
}

/**
 * The retries' piece: a transient failure (kind `retry`) is tried again after a full-jitter back-off, up to
 * `maxAttempts` attempts in all; then API_RETRIES_EXHAUSTED, the last failure as its cause. Anything else passes.
 */
export function withRetries(options: RetryLayerOptions): Layer {
  return (next) => async (call) => {
    for (let failures = 0; ; ) {
      try {
        const delivered = await next(call);
        return { ...delivered, attempts: delivered.attempts + failures };
      } catch (error) {
        if (!(error instanceof LandingGraphError) || !error.retryable) throw error;
        failures += 1;
        if (failures >= options.retry.maxAttempts) {
          throw new LandingGraphError('API_RETRIES_EXHAUSTED', `gave up on ${call.what} after ${failures} attempts: ${error.message}`, {
            cause: error,
            details: { attempts: failures },
          });
        }
        const delayMs = backoffDelayMs(failures, options.retry, options.random);
        options.onRetry?.({ type: 'retry', ref: call.what, failedAttempts: failures, delayMs, code: error.code, message: error.message });
        await options.clock.sleep(delayMs);
      }
    }
  };
}
