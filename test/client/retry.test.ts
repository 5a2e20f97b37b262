import { describe, expect, it } from 'vitest';
import { backoffDelayMs, DEFAULT_RETRY, retryAfterMs } from '../../src/client/retry.js';

describe('retry timing', () => {
  it('backs off exponentially with full jitter, capped', () => {
    const top = () => 0.999999;
    expect(backoffDelayMs(1, DEFAULT_RETRY, top)).toBe(500);
    expect(backoffDelayMs(3, DEFAULT_RETRY, top)).toBe(2000);
    expect(backoffDelayMs(20, DEFAULT_RETRY, top)).toBe(30_000);
    expect(backoffDelayMs(3, DEFAULT_RETRY, () => 0)).toBe(0);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(retryAfterMs('3', now, 1000)).toBe(3000);
    expect(retryAfterMs('Sat, 21 Nov 2026 12:00:05 GMT', now, 1000)).toBe(5000);
    expect(retryAfterMs('Sat, 21 Nov 2026 11:00:00 GMT', now, 1000)).toBe(0);
    expect(retryAfterMs(undefined, now, 1000)).toBe(1000);
    expect(retryAfterMs('soon', now, 1000)).toBe(1000);
  });
});
