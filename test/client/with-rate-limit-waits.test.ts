import { describe, expect, it } from 'vitest';
import { LandingGraphError } from '../../src/errors.js';
import { rateLimited } from '../../src/client/http-errors.js';
import type { Call, Send } from '../../src/client/send.js';
import { type RateLimitEvent, withRateLimitWaits } from '../../src/client/with-rate-limit-waits.js';

const call: Call = { ref: { kind: 'domain', id: 3 }, what: 'domain:3' };
const NOW_MS = Date.UTC(2026, 10, 27, 12, 0, 0);

/** Answers 429 with each Retry-After of `retryAfters` in turn, then delivers. */
function scripted(retryAfters: (string | undefined)[]) {
  const script = { calls: 0 };
  const send: Send = async (c) => {
    script.calls += 1;
    const retryAfter = retryAfters[script.calls - 1];
    if (script.calls <= retryAfters.length) throw rateLimited(c.what, retryAfter);
    return { text: '{}', attempts: 1 };
  };
  return { script, send };
}

function setup(options: { maxRateLimitWaits?: number; maxRetryAfterMs?: number } = {}) {
  const pauses: number[] = [];
  const events: RateLimitEvent[] = [];
  const layer = withRateLimitWaits({
    limiter: { pauseUntil: (untilMs) => void pauses.push(untilMs) },
    clock: { now: () => NOW_MS },
    maxRetryAfterMs: options.maxRetryAfterMs ?? 900_000,
    maxRateLimitWaits: options.maxRateLimitWaits ?? 1000,
    onRateLimited: (e) => events.push(e),
  });
  return { pauses, events, layer };
}

describe('withRateLimitWaits', () => {
  it('pauses the limiter until Retry-After (seconds, an HTTP date, absent: 1 s) and goes again, spending no attempt', async () => {
    const { pauses, events, layer } = setup();
    const { script, send } = scripted(['3', new Date(NOW_MS + 5_000).toUTCString(), undefined, 'soon']);
    await expect(layer(send)(call)).resolves.toEqual({ text: '{}', attempts: 1 });
    expect(script.calls).toBe(5);
    expect(pauses.map((p) => p - NOW_MS)).toEqual([3_000, 5_000, 1_000, 1_000]);
    expect(events).toEqual([3_000, 5_000, 1_000, 1_000].map((retryAfterMs) => ({ type: 'rate-limited', ref: 'domain:3', retryAfterMs })));
  });

  it('cuts a Retry-After longer than maxRetryAfterMs', async () => {
    const { pauses, layer } = setup({ maxRetryAfterMs: 60_000 });
    await layer(scripted(['86400']).send)(call);
    expect(pauses).toEqual([NOW_MS + 60_000]);
  });

  it('fails with API_RETRIES_EXHAUSTED past maxRateLimitWaits for one call, its retries included', async () => {
    const { layer } = setup({ maxRateLimitWaits: 2 });
    const send = layer(scripted(['1', '1', '1', '1']).send);
    const error = (await send(call).catch((e: unknown) => e)) as LandingGraphError;
    expect(error).toMatchObject({ code: 'API_RETRIES_EXHAUSTED', message: 'still rate limited after 2 waits for domain:3' });
    expect((error.cause as LandingGraphError).code).toBe('API_RATE_LIMITED');
    // The same call coming back (a retry after a transient failure) has no wait left.
    await expect(layer(scripted(['1']).send)(call)).rejects.toMatchObject({ code: 'API_RETRIES_EXHAUSTED' });
    // Another call has its own.
    await expect(layer(scripted(['1', '1']).send)({ ...call })).resolves.toMatchObject({ text: '{}' });
  });

  it('passes any other failure at once', async () => {
    const { pauses, layer } = setup();
    const send: Send = async () => {
      throw new LandingGraphError('API_TRANSIENT', 'reset');
    };
    await expect(layer(send)(call)).rejects.toMatchObject({ code: 'API_TRANSIENT' });
    expect(pauses).toEqual([]);
  });
});
