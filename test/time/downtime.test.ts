import { describe, expect, it } from 'vitest';
import { Downtime } from '../../src/time/downtime.js';
import { FakeClock } from '../support/fake-clock.js';

describe('Downtime', () => {
  it('counts from the first failure of an outage, across every call that meets it', () => {
    const clock = new FakeClock(5_000);
    const downtime = new Downtime(60_000, clock);
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
    const downtime = new Downtime(1_000, clock);
    downtime.failed();
    clock.nowMs += 900;
    downtime.answered();
    clock.nowMs += 900;
    expect(downtime.failed()).toBe(0);
    clock.nowMs += 900;
    expect(downtime.exceeded(downtime.failed())).toBe(false);
  });
});
