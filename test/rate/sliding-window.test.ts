import { describe, expect, it } from 'vitest';
import { SlidingWindow } from '../../src/rate/sliding-window.js';
import { busiestWindow } from '../../src/sandbox/stats.js';

describe('SlidingWindow (the limiter’s timing policy, on times given by the caller)', () => {
  it('spaces reservations by windowMs / limit by default', () => {
    const w = new SlidingWindow({ limit: 4, windowMs: 1000 });
    expect(w.spacingMs).toBe(250);
    const a = w.reserve(0);
    w.markSent(a, 0);
    expect(w.waitMs(0)).toBe(250);
    expect(w.waitMs(100)).toBe(150);
    expect(() => w.reserve(100)).toThrow(RangeError);
    expect(w.waitMs(250)).toBe(0);
  });

  it('lets at most `limit` departures into any window, counting from the oldest one that must leave', () => {
    const w = new SlidingWindow({ limit: 3, windowMs: 1000, spacingMs: 0 });
    for (const t of [0, 10, 20]) w.markSent(w.reserve(t), t);
    expect(w.waitMs(20)).toBe(980); // the departure at 0 leaves the window [t - 1000, t] at 1000
    expect(w.waitMs(999.5)).toBe(0.5);
    expect(w.waitMs(1000)).toBe(0);
    w.markSent(w.reserve(1000), 1000);
    expect(w.waitMs(1000)).toBe(10);
  });

  it('counts a pending slot as leaving at any moment, and at its real time once marked', () => {
    const w = new SlidingWindow({ limit: 2, windowMs: 1000, spacingMs: 0 });
    const a = w.reserve(0);
    const b = w.reserve(0);
    expect(w.pendingCount).toBe(2);
    // Only pending slots fill the window: no time passing frees it.
    expect(w.waitMs(5_000)).toBe(Infinity);
    w.markSent(a, 5_000);
    expect(a.sentAtMs).toBe(5_000);
    expect(w.waitMs(5_000)).toBe(1000);
    w.markSent(b, 5_200);
    // Reserved at 0 but left at 5,000 and 5,200: the window is kept on those.
    expect(w.waitMs(5_200)).toBe(800);
    expect(w.waitMs(6_000)).toBe(0);
  });

  it('counts a slot whose departure was never seen as leaving when its request ended', () => {
    const w = new SlidingWindow({ limit: 1, windowMs: 1000, spacingMs: 0 });
    const a = w.reserve(0);
    expect(w.finish(a, 300)).toBe(true);
    expect(w.finish(a, 400)).toBe(false);
    expect(w.waitMs(300)).toBe(1000);
    const b = w.reserve(1300);
    w.markSent(b, 1300);
    expect(w.finish(b, 1350)).toBe(false);
    expect(w.waitMs(1350)).toBe(950);
  });

  it('counts a request sent twice (one slot marked twice) as two departures', () => {
    const w = new SlidingWindow({ limit: 2, windowMs: 1000, spacingMs: 0 });
    const a = w.reserve(0);
    w.markSent(a, 0);
    w.markSent(a, 10);
    expect(w.waitMs(10)).toBe(990);
  });

  it('makes up time lost while a request waited (a stall) at twice the pace, up to catchUpMs, but never idle time', () => {
    const w = new SlidingWindow({ limit: 100, windowMs: 1000, spacingMs: 10, catchUpMs: 30 });
    w.markSent(w.reserve(0), 0);
    // Due at 10, wanted since 0, reserved at 50 (a 40 ms stall): 30 ms are made up, so the next ones are due
    // at once but leave 5 ms apart until the pace (due 10 + 30 + 10 per reservation) is back.
    w.markSent(w.reserve(50, 0), 50);
    expect(w.waitMs(50)).toBe(5);
    const times = [50];
    let now = 50;
    for (let i = 0; i < 8; i++) {
      now += w.waitMs(now);
      times.push(now);
      w.markSent(w.reserve(now, 0), now);
    }
    expect(times).toEqual([50, 55, 60, 65, 70, 75, 80, 90, 100]);
    // Idle: a request that began to wait at 300, long after it was due, starts the pace afresh.
    w.markSent(w.reserve(300, 300), 300);
    expect(w.waitMs(300)).toBe(10);
  });

  it('makes up nothing from before restartPaceAt (the end of a 429 pause)', () => {
    const w = new SlidingWindow({ limit: 100, windowMs: 1000, spacingMs: 10, catchUpMs: 100 });
    w.markSent(w.reserve(0), 0);
    w.restartPaceAt(500);
    w.markSent(w.reserve(500, 5), 500);
    expect(w.waitMs(500)).toBe(10);
  });

  it('refuses a limit that is not a whole number >= 1 or a window that is not positive', () => {
    expect(() => new SlidingWindow({ limit: 0, windowMs: 1000 })).toThrow(RangeError);
    expect(() => new SlidingWindow({ limit: 2.5, windowMs: 1000 })).toThrow(RangeError);
    expect(() => new SlidingWindow({ limit: 1, windowMs: 0 })).toThrow(RangeError);
  });

  it('keeps the bound when reserved requests leave late and together after a stall', () => {
    // R = 5 reserved on time every 205 ms; the last three are held by a 209 ms stall and leave within 1.5 ms.
    const w = new SlidingWindow({ limit: 5, windowMs: 1025 });
    const departures: number[] = [];
    const slots = [0, 205, 410, 615, 820].map((t) => ({ t, slot: w.reserve(t) }));
    for (const { t, slot } of slots.slice(0, 2)) {
      w.markSent(slot, t);
      departures.push(t);
    }
    for (const [i, { slot }] of slots.slice(2).entries()) {
      w.markSent(slot, 1029 + i * 0.75);
      departures.push(1029 + i * 0.75);
    }
    let now = 1030.5;
    for (let n = 0; n < 40; n++) {
      now += w.waitMs(now);
      w.markSent(w.reserve(now), now);
      departures.push(now);
    }
    expect(busiestWindow(departures, 1000)).toBeLessThanOrEqual(5);
    expect(busiestWindow(departures, 1025)).toBe(5);
    // Kept on the reservation times instead, the next ones could leave at 0 + 1025, 205 + 1025 and 410 + 1025:
    // six departures between 1,025 and 1,435 ms.
    expect(busiestWindow([0, 205, 1025, 1029, 1029.75, 1030.5, 1230, 1435], 1000)).toBe(6);
  });
});
