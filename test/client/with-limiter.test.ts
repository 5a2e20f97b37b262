import { describe, expect, it } from 'vitest';
import { RequestLimiter } from '../../src/rate/limiter.js';
import { DEPARTURE_HEADER } from '../../src/rate/departures.js';
import type { Call, Send } from '../../src/client/send.js';
import { withLimiter } from '../../src/client/with-limiter.js';
import { FakeClock, settle } from '../support/fake-clock.js';

const call = (id: number): Call => ({ ref: { kind: 'phone', id }, what: `phone:${id}`, headers: { 'x-kept': 'yes' } });

describe('withLimiter on fake time', () => {
  it("sends each call at its turn of the window, with the departure header beside the call's own", async () => {
    const clock = new FakeClock();
    const limiter = new RequestLimiter({ requestsPerSecond: 2, maxConcurrent: 4, marginMs: 0, clock, now: clock.now });
    const sends: { what: string; atMs: number; headers: Record<string, string> }[] = [];
    const send: Send = async (c) => {
      sends.push({ what: c.what, atMs: clock.now(), headers: { ...c.headers } });
      return { text: '{}', attempts: 1 };
    };
    const outcomes = [1, 2, 3].map((id) => withLimiter(limiter)(send)(call(id)));
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
    void withLimiter(limiter)(never)(call(1));
    const waiting = withLimiter(limiter)(never)(call(2)).catch((e: unknown) => e);
    await settle();
    void limiter.stop();
    expect(await waiting).toMatchObject({ code: 'CRAWL_ABORTED', message: 'the client was closed while phone:2 waited for its turn' });
  });
});
