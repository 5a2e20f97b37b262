import { describe, expect, it } from 'vitest';
import { awaitTurn } from '../../src/rate/turn-wait.js';
import { Downtime } from '../../src/time/downtime.js';
import { FakeClock } from '../support/fake-clock.js';

/** A turn source that answers from a script of (ms to wait | 'away'), one entry a call, then 0 (turn taken). */
function source(clock: FakeClock, script: (number | 'away')[]) {
  const asked: number[] = [];
  const take = async () => {
    asked.push(clock.now());
    const next = script.shift() ?? 0;
    if (next === 'away') throw new Error('ECONNREFUSED');
    return next;
  };
  return { asked, take };
}

function setup(limitMs = 60_000) {
  const clock = new FakeClock();
  const downtime = new Downtime({ limitMs, minProbeDelayMs: 250, maxProbeDelayMs: 1_000, clock });
  return { clock, downtime, gone: (downMs: number) => new Error(`gone after ${downMs} ms`) };
}

describe('awaitTurn on fake time', () => {
  it('asks again after the wait the window gives, a second at most, until the turn is taken', async () => {
    const { clock, downtime, gone } = setup();
    const { asked, take } = source(clock, [300, 2_500, 0]);
    const turn = awaitTurn(take, { downtime, clock, gone });
    await clock.advanceTo(10_000);
    await turn;
    expect(asked).toEqual([0, 300, 1_300]);
  });

  it('while Redis is away, lets no request go and asks at the probe delays; the turn once it is back', async () => {
    const { clock, downtime, gone } = setup();
    const { asked, take } = source(clock, ['away', 'away', 'away', 'away', 'away', 0]);
    let taken = false;
    const turn = awaitTurn(take, { downtime, clock, gone }).then(() => {
      taken = true;
    });
    await clock.advanceTo(3_749);
    expect(taken).toBe(false);
    await clock.advanceTo(10_000);
    await turn;
    expect(asked).toEqual([0, 250, 750, 1_750, 2_750, 3_750]);
  });

  it("fails with the caller's error once Redis has been away past the limit", async () => {
    const { clock, downtime, gone } = setup(5_000);
    const { take } = source(clock, Array<'away'>(100).fill('away'));
    const turn = awaitTurn(take, { downtime, clock, gone }).catch((e: unknown) => e);
    await clock.advanceTo(60_000);
    expect(((await turn) as Error).message).toBe('gone after 5750 ms');
  });

  it('ends when the signal aborts, without taking a turn', async () => {
    const { clock, downtime, gone } = setup();
    const { asked, take } = source(clock, [800, 800, 800]);
    const stop = new AbortController();
    const turn = awaitTurn(take, { downtime, clock, gone, signal: stop.signal }).catch((e: unknown) => e);
    await clock.advanceTo(100);
    stop.abort();
    expect(((await turn) as Error).name).toBe('AbortError');
    expect(asked).toEqual([0]);
  });
});
