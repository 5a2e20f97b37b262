import { LandingGraphError, quoteValue } from '../errors.js';

/**
 * The one date-time grammar of the command line (`export --as-of`, `changes --since/--until`): an ISO 8601
 * date-time with a time zone — date, `T` or a space, hours and minutes, optional seconds and fraction, then `Z`,
 * `+03:00` or `+0300` — or a date alone, which is midnight UTC. A zone is required, so that the same command
 * means the same instant on every machine. Digits past the millisecond are dropped (the graph's times have
 * milliseconds, so no comparison changes).
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?([Zz]|[+-]\d{2}:?\d{2}))?$/;

/** The grammar in words, for messages. */
export const DATE_TIME_FORMS =
  'an ISO date-time with a time zone (2026-11-21T12:00:00Z, 2026-11-21T15:00+03:00) or a date (2026-11-21, UTC)';

/** The instant as epoch ms, or undefined when the text is not of the grammar or names no real time (2026-02-30, 24:00). */
export function readInstant(text: string): number | undefined {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const local = Date.UTC(year, month - 1, day, hour, minute, second, Number(fraction.slice(0, 3).padEnd(3, '0')));
  const check = new Date(local);
  const real =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute &&
    check.getUTCSeconds() === second;
  const offsetMinutes = zoneOffsetMinutes(zone);
  return real && offsetMinutes !== undefined ? local - offsetMinutes * 60_000 : undefined;
}

function zoneOffsetMinutes(zone: string): number | undefined {
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const [hours, minutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
  if (hours > 23 || minutes > 59) return undefined;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/** `flag`'s value as epoch ms; anything else is CONFIG_INVALID naming the flag and the value. */
export function parseInstant(text: string, flag: string): number {
  const at = readInstant(text);
  if (at === undefined) throw new LandingGraphError('CONFIG_INVALID', `${flag} must be ${DATE_TIME_FORMS}; got ${quoteValue(text)}`);
  return at;
}

/** `--as-of <date-time>` -> the instant as ISO text in UTC with milliseconds (what Cypher's datetime() and the provenance take). */
export function parseAsOf(text: string, flag = '--as-of'): string {
  return new Date(parseInstant(text, flag)).toISOString();
}
