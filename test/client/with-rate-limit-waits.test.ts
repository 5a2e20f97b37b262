import { describe, expect, it } from 'vitest';
import { LandingGraphError } from '../../src/errors.js';
import { rateLimited } from '../../src/client/http-errors.js';
import type { Call, Send } from '../../src/client/send.js';
import { withRateLimitWaits } from '../../src/client/with-rate-limit-waits.js';

const call: Call = { ref: { kind: 'domain', id: 3 }, what: 'domain:3' };

/** Answers 429 `times` times, then delivers. */
function scripted(times: number) {
  const script = { calls: 0 };
  const send: Send = async (c) => {
    script.calls += 1;
    if (script.calls <= times) throw rateLimited(c.what, '1');
    return { text: '{}', attempts: 1 };
  };
  return { script, send };
}

describe('withRateLimitWaits', () => {
  it('goes again after each 429, spending no attempt', async () => {
    const { script, send } = scripted(4);
    await expect(withRateLimitWaits({ maxRateLimitWaits: 1000 })(send)(call)).resolves.toEqual({ text: '{}', attempts: 1 });
    expect(script.calls).toBe(5);
  });

  it('fails with API_RETRIES_EXHAUSTED past maxRateLimitWaits for one call, its retries included', async () => {
    const layer = withRateLimitWaits({ maxRateLimitWaits: 2 });
    const send = layer(scripted(4).send);
    const error = (await send(call).catch((e: unknown) => e)) as LandingGraphError;
    expect(error).toMatchObject({ code: 'API_RETRIES_EXHAUSTED', message: 'still rate limited after 2 waits for domain:3' });
    expect((error.cause as LandingGraphError).code).toBe('API_RATE_LIMITED');
    // The same call coming back (a retry after a transient failure) has no wait left.
    await expect(layer(scripted(1).send)(call)).rejects.toMatchObject({ code: 'API_RETRIES_EXHAUSTED' });
    // Another call has its own.
    await expect(layer(scripted(2).send)({ ...call })).resolves.toMatchObject({ text: '{}' });
  });

  it('passes any other failure at once', async () => {
    const send: Send = async () => {
      throw new LandingGraphError('API_TRANSIENT', 'reset');
    };
    await expect(withRateLimitWaits({ maxRateLimitWaits: 1000 })(send)(call)).rejects.toMatchObject({ code: 'API_TRANSIENT' });
  });
});
