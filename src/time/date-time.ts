import { LandingGraphError, quoteValue } from '../errors.js';

/** An ISO 8601 date-time with a time zone: date, `T` (or a space), hours and minutes, optional seconds and fraction. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * `--as-of <ISO date-time>` -> the instant as ISO text in UTC with milliseconds (what the export's
 * statements pass to Cypher's datetime() and what the provenance shows). A time zone is required (`Z` or
 * an offset), so that the same command means the same instant on every machine; digits beyond the
 * millisecond are dropped (the graph's times have milliseconds, so no comparison changes). A malformed
 * or impossible date-time (2026-02-30, 25:00) is CONFIG_INVALID naming the flag.
 */
export function parseAsOf(text: string, flag = '--as-of'): string {
  const bad = () =>
    new LandingGraphError(
      'CONFIG_INVALID',
      `${flag} must be an ISO date-time with a time zone, e.g. 2026-11-21T12:00:00Z or 2026-11-21T15:00+03:00; got ${quoteValue(text)}`,
    );
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) throw bad();
  const [, y, mo, d, h, mi, s = '0', fraction = '', zone = 'Z'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const check = new Date(local);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  )
    throw bad();
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (oh > 23 || om > 59) throw bad();
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  return new Date(local - offsetMinutes * 60_000).toISOString();
}
