import { describe, expect, it } from 'vitest';
import { formatDurationMs, formatElapsedMs, parseDurationMs } from '../../src/time/duration.js';

describe('parseDurationMs', () => {
  it.each([
    ['0', 0],
    ['250ms', 250],
    ['90s', 90_000],
    ['30m', 1_800_000],
    ['12h', 43_200_000],
    ['7d', 604_800_000],
    ['2w', 1_209_600_000],
    [' 1d ', 86_400_000],
  ])('%j -> %i ms', (text, ms) => {
    expect(parseDurationMs(text, '--max-age')).toBe(ms);
  });
  it.each(['', '7', '1.5h', '-1d', 'd', '7 days', "1d'}) DETACH DELETE n //", '99999999999999999d'])(
    'refuses %j naming the option',
    (text) => {
      expect(() => parseDurationMs(text, '--max-age')).toThrow(/^--max-age /);
    },
  );
  it('formats back exactly', () => {
    expect([0, 1500, 3000, 90_000, 600_000, 604_800_000, 43_200_000].map(formatDurationMs)).toEqual([
      '0',
      '1500ms',
      '3s',
      '90s',
      '10m',
      '1w',
      '12h',
    ]);
  });
});

describe('formatElapsedMs', () => {
  it('rounds to the second and reads like a clock', () => {
    expect([0, 17_400, 291_000, 3_600_000 + 125_000].map(formatElapsedMs)).toEqual(['0s', '17s', '4m51s', '1h02m']);
  });
});
