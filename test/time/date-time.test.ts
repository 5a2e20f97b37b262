import { describe, expect, it } from 'vitest';
import { parseAsOf, readInstant } from '../../src/time/date-time.js';

describe('the date-time grammar', () => {
  it('parseAsOf: an ISO date-time with a time zone, as UTC with milliseconds; anything else one CONFIG_INVALID line naming the flag', () => {
    expect(parseAsOf('2026-11-21T12:00:00Z')).toBe('2026-11-21T12:00:00.000Z');
    expect(parseAsOf('2026-11-21T15:00+03:00')).toBe('2026-11-21T12:00:00.000Z');
    expect(parseAsOf('2026-11-21 08:30:15.5-0330')).toBe('2026-11-21T12:00:15.500Z');
    // Neo4j's own text of a datetime (nanoseconds): the digits past the millisecond are dropped.
    expect(parseAsOf('2026-11-21T12:00:00.123456789Z')).toBe('2026-11-21T12:00:00.123Z');
    expect(parseAsOf('2028-02-29T00:00:00z')).toBe('2028-02-29T00:00:00.000Z');
    // A date alone is midnight UTC, as for changes --since.
    expect(parseAsOf('2026-11-21')).toBe('2026-11-21T00:00:00.000Z');
    for (const bad of [
      '2026-11-21T12:00:00',
      '2026-02-30T00:00:00Z',
      '2026-11-21T24:00:00Z',
      '2026-11-21T12:60Z',
      '2026-11-21T12:00+25:00',
      'now',
      '',
    ]) {
      expect(() => parseAsOf(bad), bad).toThrow(
        expect.objectContaining({
          code: 'CONFIG_INVALID',
          message: expect.stringMatching(/^--as-of must be an ISO date-time with a time zone \(.*\) or a date \(.*\); got "/),
        }),
      );
    }
  });

  it('reads offsets with or without a colon and a comma as the decimal sign, as ISO 8601 allows', () => {
    expect(readInstant('2026-05-01T10:20:30,5+0300')).toBe(Date.parse('2026-05-01T07:20:30.500Z'));
    expect(readInstant('2026-05-01 10:20-01:30')).toBe(Date.parse('2026-05-01T11:50:00.000Z'));
    expect(readInstant('2026-05-01T10:20')).toBeUndefined();
  });
});
