import { describe, expect, it } from 'vitest';
import { LandingGraphError } from '../../src/errors.js';
import { DEFAULT_RETRY } from '../../src/client/retry.js';
import type { Call, Send } from '../../src/client/send.js';
import { type RetryEvent, withRetries } from '../../src/client/with-retries.js';
import { FakeClock, settle } from '../support/fake-clock.js';

const call: Call = { ref: { kind: 'company', id: 7 }, what: 'company:7' };
const transient = () => new LandingGraphError('API_TRANSIENT', 'the landing service failed for company:7 (HTTP 503)');

/** A Send that fails `failures` times with `error()`, then delivers; it counts its calls. */
function scripted(failures: number, error: () => Error = transient) {
  const script = { calls: 0 };
  const send: Send = async () => {
    script.calls += 1;
    if (script.calls <= failures) throw error();
    return { text: '{"id":7}', attempts: 1 };
  };
  return { script, send };
}

function setup(maxAttempts = 4) {
  const clock = new FakeClock();
  const events: RetryEvent[] = [];
  // random() = 1: each back-off is its ceiling, 100, 200, 400 ... ms.
  const layer = withRetries({
    retry: { ...DEFAULT_RETRY, maxAttempts, baseDelayMs: 100 },
    clock,
    random: () => 1,
    onRetry: (e) => events.push(e),
  });
  return { clock, events, layer };
}

describe('withRetries on fake time', () => {
  it('tries a transient failure again after the back-off, and counts the attempts it took', async () => {
    const { clock, events, layer } = setup();
    const { script, send } = scripted(2);
    const outcome = layer(send)(call);
    await settle();
    expect(script.calls).toBe(1);
    await clock.advanceTo(99);
    expect(script.calls).toBe(1);
    await clock.advanceTo(100);
    expect(script.calls).toBe(2);
    await clock.advanceTo(299);
    expect(script.calls).toBe(2);
    await clock.advanceTo(300);
    await expect(outcome).resolves.toEqual({ text: '{"id":7}', attempts: 3 });
    expect(events.map((e) => [e.failedAttempts, e.delayMs, e.code])).toEqual([
      [1, 100, 'API_TRANSIENT'],
      [2, 200, 'API_TRANSIENT'],
    ]);
  });

  it('gives up after maxAttempts with API_RETRIES_EXHAUSTED, the last failure as its cause', async () => {
    const { clock, layer } = setup(3);
    const { script, send } = scripted(10);
    const outcome = layer(send)(call).catch((e: unknown) => e);
    await clock.advanceTo(10_000);
    const error = (await outcome) as LandingGraphError;
    expect(error).toMatchObject({ code: 'API_RETRIES_EXHAUSTED', kind: 'skip', details: { attempts: 3 } });
    expect(error.message).toBe('gave up on company:7 after 3 attempts: the landing service failed for company:7 (HTTP 503)');
    expect((error.cause as LandingGraphError).code).toBe('API_TRANSIENT');
    expect(script.calls).toBe(3);
  });

  it('passes a failure that is not transient at once, without waiting', async () => {
    const { clock, events, layer } = setup();
    const { script, send } = scripted(1, () => new LandingGraphError('API_NOT_FOUND', 'no landing record for company:7 (HTTP 404)'));
    await expect(layer(send)(call)).rejects.toMatchObject({ code: 'API_NOT_FOUND' });
    expect(script.calls).toBe(1);
    expect(events).toEqual([]);
    expect(clock.sleepers).toBe(0);
  });

  it('passes an error that is not a LandingGraphError as it is', async () => {
    const { layer } = setup();
    const odd = new TypeError('not ours');
    await expect(layer(scripted(1, () => odd).send)(call)).rejects.toBe(odd);
  });
});
