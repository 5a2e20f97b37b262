import { describe, expect, it } from 'vitest';
import { busiestWindow, SandboxStats } from '../../src/sandbox/stats.js';

describe('busiestWindow: most arrivals in any sliding window', () => {
  it('is 0 without arrivals and counts a lone arrival', () => {
    expect(busiestWindow([])).toBe(0);
    expect(busiestWindow([123.4])).toBe(1);
  });

  it('finds a burst that calendar seconds split in two', () => {
    // Three in 999.5-999.9 and three in 1000.1-1000.6: 3 per calendar second, 6 in one sliding second.
    const times = [999.5, 999.7, 999.9, 1000.1, 1000.3, 1000.6];
    expect(busiestWindow(times)).toBe(6);
    expect(busiestWindow(times, 0.5)).toBe(3);
  });

  it('treats the window as half-open: two arrivals exactly 1,000 ms apart are never in one window', () => {
    expect(busiestWindow([0, 1000, 2000, 3000])).toBe(1);
    expect(busiestWindow([0, 999.999, 2000])).toBe(2);
  });

  it('counts the 1.5 ms bunch after a stall with the arrivals that follow it', () => {
    const pace = (fromMs: number, toMs: number) => Array.from({ length: (toMs - fromMs) / 50 + 1 }, (_, i) => fromMs + i * 50);
    // On time, every 50 ms: 20 in any sliding second.
    expect(busiestWindow(pace(0, 1950))).toBe(20);
    // A 209 ms stall from 800 ms holds the three due at 850, 900 and 950 ms: they arrive within 1.5 ms of its
    // end, then the pace goes on from 1,050 ms.
    const bunch = [1009, 1009.7, 1010.4];
    const times = [...pace(0, 800), ...bunch, ...pace(1050, 1950)];
    expect(busiestWindow(bunch, 1.5)).toBe(3);
    // [1009, 2009) holds the bunch and the 19 from 1,050 to 1,950 ms.
    expect(busiestWindow(times)).toBe(22);
  });
});

describe('SandboxStats.busiestWindow', () => {
  it('counts arrivals by their monotonic time, in any order of recording, and forgets them on reset', () => {
    const stats = new SandboxStats();
    for (const t of [10, 20, 1005, 15, 1030]) stats.arrive('/p', 'domain', Date.UTC(2026, 0, 1), t);
    expect(stats.busiestWindow()).toBe(4); // 10, 15, 20, 1005
    expect(stats.busiestWindow(100)).toBe(3);
    expect(stats.snapshot().busiestWindow).toBe(4);
    stats.reset();
    expect(stats.busiestWindow()).toBe(0);
    expect(stats.snapshot().busiestWindow).toBe(0);
  });
});
