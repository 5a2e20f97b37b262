/** Retry timing: exponential back-off with full jitter, and the Retry-After header of a 429. */

export interface RetryOptions {
  /** Attempts for one request, the first included, before a transient failure is final. Default: 6. */
  maxAttempts?: number;
  /** Back-off before the second attempt (upper bound of the jitter). Default: 500. */
  baseDelayMs?: number;
  /** Largest back-off. Default: 30000. */
  maxDelayMs?: number;
  /** Longest Retry-After we honour; a longer one is cut to this. Default: 900000 (15 min). */
  maxRetryAfterMs?: number;
  /** 429s waited out for one request before it fails (they do not use the attempts). Default: 1000. */
  maxRateLimitWaits?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = {
  maxAttempts: 6,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 900_000,
  maxRateLimitWaits: 1000,
};

/** Full-jitter back-off before attempt `failedAttempts + 1` (AWS architecture blog's "full jitter"). */
export function backoffDelayMs(failedAttempts: number, options: Required<RetryOptions>, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(random() * ceiling);
}

/**
 * Retry-After as milliseconds from `nowMs`: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Absent or unreadable: `fallbackMs`. A date in the past: 0.
 */
export function retryAfterMs(header: string | string[] | undefined, nowMs: number, fallbackMs: number): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return fallbackMs;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return fallbackMs;
  return Math.max(0, date - nowMs);
}
