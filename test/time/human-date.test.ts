import { describe, expect, it } from 'vitest';
import { humanDate, humanMoment } from '../../src/time/human-date.js';

describe('humanDate: dates as a report reader writes them', () => {
  it('a date, a date stored as midnight, a moment with nanoseconds, another zone', () => {
    expect(humanDate('2000-12-08')).toBe('8 Dec 2000');
    expect(humanDate('2000-12-08T00:00:00.000Z')).toBe('8 Dec 2000');
    expect(humanDate('2026-11-25T14:20:00.130000000Z')).toBe('25 Nov 2026, 14:20 UTC');
    expect(humanDate('2026-11-25T17:20:00+03:00')).toBe('25 Nov 2026, 14:20 UTC');
  });

  it('leaves anything else as it is', () => {
    expect(humanDate('unknown')).toBe('unknown');
    expect(humanDate('')).toBe('');
    expect(humanDate('2026-02-30')).toBe('2026-02-30');
  });
});

describe('humanMoment: a moment, never read as a whole day', () => {
  it('keeps the time at midnight too, and leaves anything else as it is', () => {
    expect(humanMoment('2026-05-03T00:00:00.000Z')).toBe('3 May 2026, 00:00 UTC');
    expect(humanMoment('2026-11-25T14:20:59.999Z')).toBe('25 Nov 2026, 14:20 UTC');
    expect(humanMoment('crawl-1')).toBe('crawl-1');
  });
});
