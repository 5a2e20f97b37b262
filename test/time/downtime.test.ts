import { describe, expect, it } from 'vitest';
import { Downtime, waitOut } from '../../src/time/downtime.js';
import { FakeClock } from '../support/fake-clock.js';

describe('Downtime', () => {
  it('counts from the first failure of an outage, across every call that meets it', () => {
    const clock = new FakeClock(5_000);
    const downtime = new Downtime({ limitMs: 60_000, clock });
    expect(downtime.failed()).toBe(0);
    clock.nowMs += 20_000;
    expect(downtime.failed()).toBe(20_000);
    clock.nowMs += 40_000;
    expect(downtime.failed()).toBe(60_000);
    expect(downtime.exceeded(60_000)).toBe(false);
    clock.nowMs += 1;
    expect(downtime.exceeded(downtime.failed())).toBe(true);
  });

  it('starts again after an answer', () => {
    const clock = new FakeClock();
    const downtime = new Downtime({ limitMs: 1_000, clock });
    downtime.failed();
    clock.nowMs += 900;
    downtime.answered();
    clock.nowMs += 900;
    expect(downtime.failed()).toBe(0);
    clock.nowMs += 900;
    expect(downtime.exceeded(downtime.failed())).toBe(false);
  });
});

describe('Downtime probe delays', () => {
  it('waits minProbeDelayMs before the first probe, twice as long after each, up to the max, and anew after an answer', () => {
    const downtime = new Downtime({ limitMs: 60_000, minProbeDelayMs: 100, maxProbeDelayMs: 500, clock: new FakeClock() });
    expect([1, 2, 3, 4, 5].map(() => downtime.nextProbeDelayMs())).toEqual([100, 200, 400, 500, 500]);
    downtime.answered();
    expect(downtime.nextProbeDelayMs()).toBe(100);
  });

  it('tells how long it has been away without starting an outage', () => {
    const clock = new FakeClock(1_000);
    const downtime = new Downtime({ limitMs: 60_000, clock });
    expect(downtime.awayMs()).toBe(0);
    downtime.failed();
    clock.nowMs += 750;
    expect(downtime.awayMs()).toBe(750);
  });
});

describe('waitOut on fake time', () => {
  const away = new Error('away');
  function setup(limitMs = 10_000) {
    const clock = new FakeClock();
    const downtime = new Downtime({ limitMs, minProbeDelayMs: 1_000, maxProbeDelayMs: 4_000, clock });
    const calls: number[] = [];
    return { clock, downtime, calls };
  }

  it('probes at the back-off while the dependency is away, and returns its answer once it is back', async () => {
    const { clock, downtime, calls } = setup();
    const outcome = waitOut(
      async () => {
        calls.push(clock.now());
        if (clock.now() < 6_000) throw away;
        return 'back';
      },
      { downtime, clock, isOutage: (e) => e === away, giveUp: () => new Error('gone') },
    );
    await clock.advanceTo(20_000);
    await expect(outcome).resolves.toBe('back');
    expect(calls).toEqual([0, 1_000, 3_000, 7_000]);
    expect(downtime.awayMs()).toBe(0);
  });

  it("gives up with the caller's error past the limit, and throws any other error at once", async () => {
    const { clock, downtime, calls } = setup(5_000);
    const gone = new Error('gone');
    const outcome = waitOut(
      async () => {
        calls.push(clock.now());
        throw away;
      },
      { downtime, clock, isOutage: (e) => e === away, giveUp: (downMs, cause) => Object.assign(gone, { downMs, cause }) },
    ).catch((e: unknown) => e);
    await clock.advanceTo(60_000);
    expect(await outcome).toMatchObject({ message: 'gone', downMs: 7_000, cause: away });
    expect(calls).toEqual([0, 1_000, 3_000, 7_000]);
    const other = new Error('other');
    const { clock: c2, downtime: d2 } = setup();
    await expect(
      waitOut(async () => Promise.reject(other), { downtime: d2, clock: c2, isOutage: (e) => e === away, giveUp: () => gone }),
    ).rejects.toBe(other);
    expect(c2.sleepers).toBe(0);
  });
});
