import { describe, expect, it } from 'vitest';
import { RequestLimiter } from '../../src/rate/limiter.js';
import { DEPARTURE_HEADER } from '../../src/rate/departures.js';
import { LandingGraphError } from '../../src/errors.js';
import { rateLimited } from '../../src/client/http-errors.js';
import { compose, type Call, type Send } from '../../src/client/send.js';
import { type LimiterLayerOptions, type RateLimitEvent, withLimiter } from '../../src/client/with-limiter.js';
import { withRateLimitWaits } from '../../src/client/with-rate-limit-waits.js';
import { FakeClock, settle } from '../support/fake-clock.js';

const call = (id: number): Call => ({ ref: { kind: 'phone', id }, what: `phone:${id}`, headers: { 'x-kept': 'yes' } });
const NOW_MS = Date.UTC(2026, 10, 27, 12, 0, 0);
const layerOptions = (clock: FakeClock, more: Partial<LimiterLayerOptions> = {}): LimiterLayerOptions => ({
  clock,
  maxRetryAfterMs: 900_000,
  ...more,
});

describe('withLimiter on fake time', () => {
  it("sends each call at its turn of the window, with the departure header beside the call's own", async () => {
    const clock = new FakeClock();
    const limiter = new RequestLimiter({ requestsPerSecond: 2, maxConcurrent: 4, marginMs: 0, clock, now: clock.now });
    const sends: { what: string; atMs: number; headers: Record<string, string> }[] = [];
    const send: Send = async (c) => {
      sends.push({ what: c.what, atMs: clock.now(), headers: { ...c.headers } });
      return { text: '{}', attempts: 1 };
    };
    const outcomes = [1, 2, 3].map((id) => withLimiter(limiter, layerOptions(clock))(send)(call(id)));
    await clock.advanceTo(2_000);
    await Promise.all(outcomes);
    // Two a second: the third waits for the first to leave the sliding second.
    expect(sends.map((s) => s.what)).toEqual(['phone:1', 'phone:2', 'phone:3']);
    expect(sends[2]!.atMs - sends[0]!.atMs).toBeGreaterThanOrEqual(1_000);
    for (const s of sends) {
      expect(s.headers['x-kept']).toBe('yes');
      expect(s.headers[DEPARTURE_HEADER]).toMatch(/./);
    }
    await limiter.stop();
  });

  it('a call waiting for its turn when the limiter stops fails with CRAWL_ABORTED naming the record', async () => {
    const clock = new FakeClock();
    const limiter = new RequestLimiter({ requestsPerSecond: 1, maxConcurrent: 1, marginMs: 0, clock, now: clock.now });
    const never: Send = () => new Promise(() => undefined);
    void withLimiter(limiter, layerOptions(clock))(never)(call(1));
    const waiting = withLimiter(limiter, layerOptions(clock))(never)(call(2)).catch((e: unknown) => e);
    await settle();
    void limiter.stop();
    expect(await waiting).toMatchObject({ code: 'CRAWL_ABORTED', message: 'the client was closed while phone:2 waited for its turn' });
  });

  describe('a 429', () => {
    /** Each call answered 429 with the next Retry-After of `retryAfters` (first come, first answered), then delivered. */
    function setup(retryAfters: (string | undefined)[], more: Partial<LimiterLayerOptions> = {}) {
      const clock = new FakeClock(NOW_MS);
      const limiter = new RequestLimiter({ requestsPerSecond: Infinity, maxConcurrent: 1, marginMs: 0, clock, now: clock.now });
      const sends: { what: string; afterMs: number }[] = [];
      const events: RateLimitEvent[] = [];
      const send: Send = async (c) => {
        sends.push({ what: c.what, afterMs: clock.now() - NOW_MS });
        if (sends.length <= retryAfters.length) throw rateLimited(c.what, retryAfters[sends.length - 1]);
        return { text: '{}', attempts: 1 };
      };
      const stack = compose(
        withRateLimitWaits({ maxRateLimitWaits: 1000 }),
        withLimiter(limiter, layerOptions(clock, { onRateLimited: (e) => events.push(e), ...more })),
      )(send);
      return { clock, limiter, sends, events, stack };
    }

    it('pauses every request until Retry-After (seconds, an HTTP date, absent or unreadable: 1 s)', async () => {
      const { clock, limiter, sends, events, stack } = setup(['3', new Date(NOW_MS + 8_000).toUTCString(), undefined, 'soon']);
      const done = stack(call(1));
      await clock.advanceTo(NOW_MS + 20_000);
      await expect(done).resolves.toEqual({ text: '{}', attempts: 1 });
      expect(sends.map((s) => s.afterMs)).toEqual([0, 3_000, 8_000, 9_000, 10_000]);
      expect(events).toEqual([3_000, 5_000, 1_000, 1_000].map((retryAfterMs) => ({ type: 'rate-limited', ref: 'phone:1', retryAfterMs })));
      await limiter.stop();
    });

    it('pauses before the attempt gives up its place: the request queued behind it waits too', async () => {
      const { clock, limiter, sends, stack } = setup(['3']);
      const done = Promise.all([stack(call(1)), stack(call(2))]);
      await clock.advanceTo(NOW_MS + 10_000);
      await done;
      expect(sends).toEqual([
        { what: 'phone:1', afterMs: 0 },
        { what: 'phone:2', afterMs: 3_000 },
        { what: 'phone:1', afterMs: 3_000 },
      ]);
      await limiter.stop();
    });

    it('cuts a Retry-After longer than maxRetryAfterMs', async () => {
      const { clock, limiter, sends, stack } = setup(['86400'], { maxRetryAfterMs: 60_000 });
      const done = stack(call(1));
      await clock.advanceTo(NOW_MS + 100_000);
      await done;
      expect(sends.map((s) => s.afterMs)).toEqual([0, 60_000]);
      await limiter.stop();
    });

    it('passes any other failure without a pause', async () => {
      const clock = new FakeClock(NOW_MS);
      const limiter = new RequestLimiter({ requestsPerSecond: Infinity, clock, now: clock.now });
      const send: Send = async () => {
        throw new LandingGraphError('API_TRANSIENT', 'reset');
      };
      await expect(withLimiter(limiter, layerOptions(clock))(send)(call(1))).rejects.toMatchObject({ code: 'API_TRANSIENT' });
      expect(limiter.pausedUntil).toBe(0);
      await limiter.stop();
    });
  });
});
