import { describe, expect, it } from 'vitest';
import { RemainingWork } from '../../src/crawl/remaining-work.js';
import { FakeClock } from '../support/fake-clock.js';

describe('RemainingWork', () => {
  it('has no estimate until its samples span three seconds, nor while nothing settles', async () => {
    const clock = new FakeClock();
    const work = new RemainingWork(clock.now);
    work.observe({ settled: 0, toFetch: 10, listed: 0 });
    await clock.advanceTo(2_000);
    work.observe({ settled: 10, toFetch: 0, listed: 0 });
    expect(work.estimate()).toBeUndefined();
    const stalled = new RemainingWork(clock.now);
    stalled.observe({ settled: 10, toFetch: 5, listed: 0 });
    await clock.advanceTo(9_000);
    stalled.observe({ settled: 10, toFetch: 5, listed: 0 });
    expect(stalled.estimate()).toBeUndefined();
  });

  it('on the last level (nothing listed any more) is the records to fetch at the pace of the last third of the run', async () => {
    const clock = new FakeClock();
    const work = new RemainingWork(clock.now);
    // A slow first minute (10 a second), then 100 a second for two minutes; 3,000 still to fetch.
    for (let s = 0; s <= 60; s += 5) {
      await clock.advanceTo(s * 1000);
      work.observe({ settled: 10 * s, toFetch: 30_000 - 10 * s, listed: 0 });
    }
    for (let s = 65; s <= 180; s += 5) {
      await clock.advanceTo(s * 1000);
      work.observe({ settled: 600 + 100 * (s - 60), toFetch: 29_400 - 100 * (s - 60), listed: 0 });
    }
    // The last third of 180 s is the last 60 s: 100 a second; 17,400 left, 174 s.
    expect(work.estimate()).toEqual({ tasks: 17_400, etaMs: 174_000 });
  });

  it('adds what the records to fetch will still discover: the recapture estimate while the crawl grows', async () => {
    const clock = new FakeClock();
    const work = new RemainingWork(clock.now);
    // 100 settled a second; they list 1,200 references a second of which 120 are new (a tenth already known).
    for (let s = 0; s <= 60; s += 5) {
      await clock.advanceTo(s * 1000);
      work.observe({ settled: 100 * s, toFetch: 5_000 + 20 * s, listed: 1_200 * s });
    }
    // 12,200 known, nine tenths of what is listed is new: 12,200 / 0.9 - 12,200 = 1,355.6 still to discover,
    // 6,200 to fetch: 7,555.6 records at 100 a second.
    expect(work.estimate()).toEqual({ tasks: 7_556, etaMs: 75_556 });
  });

  it('takes the yield estimate when it is the smaller, as the crawl runs out of new records', async () => {
    const clock = new FakeClock();
    const work = new RemainingWork(clock.now);
    // 100 settled a second, listing 100 references a second of which 20 are new.
    for (let s = 0; s <= 60; s += 5) {
      await clock.advanceTo(s * 1000);
      work.observe({ settled: 100 * s, toFetch: 10_000 - 80 * s, listed: 100 * s });
    }
    // 5,200 to fetch, each finding 0.2 new: 5,200 * 0.2 / 0.8 = 1,300 more (recapture: 11,200 / 0.8 - 11,200 = 2,800).
    expect(work.estimate()).toEqual({ tasks: 6_500, etaMs: 65_000 });
  });

  it('has no estimate while every reference listed is new (no end in sight)', async () => {
    const clock = new FakeClock();
    const work = new RemainingWork(clock.now);
    for (let s = 0; s <= 30; s += 5) {
      await clock.advanceTo(s * 1000);
      work.observe({ settled: 100 * s, toFetch: 1_000 + 200 * s, listed: 300 * s });
    }
    expect(work.estimate()).toBeUndefined();
  });
});
