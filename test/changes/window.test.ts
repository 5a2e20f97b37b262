import { describe, expect, it } from 'vitest';
import { checkWindow, parseMoment } from '../../src/changes/window.js';
import { isLandingGraphError } from '../../src/errors.js';

const NOW = Date.parse('2026-05-10T12:00:00.000Z');

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(isLandingGraphError(error, 'CONFIG_INVALID')).toBe(true);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected a CONFIG_INVALID error');
}

describe('parseMoment', () => {
  it('reads date-times with a zone, dates (UTC midnight) and durations back from now', () => {
    expect(parseMoment('2026-05-01T10:20:30Z', '--since', NOW)).toEqual({ at: Date.parse('2026-05-01T10:20:30.000Z') });
    expect(parseMoment('2026-05-01T10:20:30.123456+03:00', '--since', NOW)).toEqual({ at: Date.parse('2026-05-01T07:20:30.123Z') });
    expect(parseMoment('2026-05-01T10:20Z', '--until', NOW)).toEqual({ at: Date.parse('2026-05-01T10:20:00.000Z') });
    expect(parseMoment('2026-05-01', '--since', NOW)).toEqual({ at: Date.parse('2026-05-01T00:00:00.000Z') });
    expect(parseMoment('1d', '--since', NOW)).toEqual({ at: NOW - 86_400_000 });
    expect(parseMoment(' 90m ', '--until', NOW)).toEqual({ at: NOW - 5_400_000 });
    expect(parseMoment('2w', '--since', NOW)).toEqual({ at: NOW - 14 * 86_400_000 });
  });

  it('takes anything else of crawl-id characters as a crawl id for --since only', () => {
    expect(parseMoment('3f9a0c1d2e-m4x8k2', '--since', NOW)).toEqual({ crawlId: '3f9a0c1d2e-m4x8k2' });
    expect(refusal(() => parseMoment('3f9a0c1d2e-m4x8k2', '--until', NOW))).toBe(
      '--until must be an ISO date-time with a time zone (2026-11-21T12:00:00Z, 2026-11-21T15:00+03:00) or a date (2026-11-21, UTC), a duration back from now (12h, 1d, 2w); got "3f9a0c1d2e-m4x8k2"',
    );
  });

  it('refuses impossible or zoneless date-times and bare numbers with one line naming the flag and value', () => {
    expect(refusal(() => parseMoment('2026-02-30', '--since', NOW))).toMatch(/^--since must be .* or a crawl id; got "2026-02-30"$/);
    expect(refusal(() => parseMoment('2026-05-01T10:00:00', '--since', NOW))).toMatch(/got "2026-05-01T10:00:00"/);
    expect(refusal(() => parseMoment('2026-05-01T24:00:00Z', '--until', NOW))).toMatch(/^--until must be/);
    expect(refusal(() => parseMoment('12', '--since', NOW))).toMatch(/^--since must be .* or a crawl id; got "12"$/);
    expect(refusal(() => parseMoment('yesterday at noon', '--since', NOW))).toMatch(/got "yesterday at noon"$/);
    expect(refusal(() => parseMoment('1 fortnight', '--until', NOW))).toMatch(/^--until must be/);
  });
});

describe('checkWindow', () => {
  it('wants since strictly before until', () => {
    checkWindow(1, 2);
    expect(refusal(() => checkWindow(NOW, NOW))).toBe(
      '--since (2026-05-10T12:00:00.000Z) must be before --until (2026-05-10T12:00:00.000Z)',
    );
  });
});
