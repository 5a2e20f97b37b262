import { LandingGraphError, quoteValue } from '../errors.js';

/**
 * `--since` and `--until` of `landing-graph changes`, parsed without touching the graph: a moment is an
 * ISO 8601 date-time with a zone (`2026-05-01T12:00:00Z`, `2026-05-01T15:00+03:00`), a date (`2026-05-01`,
 * midnight UTC), a duration back from now (`90m`, `12h`, `1d`, `2w`: convenient for cron), or, for
 * `--since` only, the id of a crawl (its startedAt, looked up by the reader).
 */
export type Moment = { at: number; crawlId?: undefined } | { crawlId: string; at?: undefined };

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const DURATION = /^(\d{1,12})(ms|s|m|h|d|w)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|[+-]\d{2}:\d{2})$/;
/** Crawl ids are `<fingerprint>-<base36 start>`; anything of these characters is looked up. */
const CRAWL_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,200}$/;

const FORMS = 'an ISO date-time with a zone (2026-05-01T00:00:00Z), a date (2026-05-01, UTC), a duration back from now (12h, 1d, 2w)';

/** Parse `--since` (crawl ids allowed) or `--until` (not). `now` is epoch ms. */
export function parseMoment(text: string, flag: '--since' | '--until', now: number): Moment {
  const value = text.trim();
  const duration = DURATION.exec(value);
  if (duration) return { at: now - Number(duration[1]) * UNIT_MS[duration[2] as keyof typeof UNIT_MS] };
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return { at: parseInstant(value, flag) };
  if (flag === '--since' && CRAWL_ID.test(value) && !/^\d+$/.test(value)) return { crawlId: value };
  throw new LandingGraphError(
    'CONFIG_INVALID',
    `${flag} must be ${FORMS}${flag === '--since' ? ' or a crawl id' : ''}, got ${quoteValue(text)}`,
  );
}

/** An ISO date or date-time with a zone as epoch ms; a malformed or impossible one (2026-02-30) is CONFIG_INVALID. */
export function parseInstant(value: string, flag: string): number {
  const date = DATE.exec(value);
  const dateTime = date ? undefined : DATE_TIME.exec(value);
  const parts = date ?? dateTime;
  const invalid = () =>
    new LandingGraphError('CONFIG_INVALID', `${flag} must be ${FORMS}, got ${quoteValue(value)} (not a valid date-time with a zone)`);
  if (!parts) throw invalid();
  const [y, mo, d, h = '0', mi = '0', s = '0'] = parts.slice(1).map((p) => p ?? '0');
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) throw invalid();
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) throw invalid();
  if (date) return calendar.getTime();
  // Date.parse reads more than three fractional digits, but keep milliseconds explicit.
  const fraction = dateTime![7] ? dateTime![7].slice(0, 4) : '';
  const zone = dateTime![8]!.toUpperCase();
  const at = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s.padStart(2, '0')}${fraction}${zone}`);
  if (Number.isNaN(at)) throw invalid();
  return at;
}

/** The window's ends checked against each other: `since` strictly before `until`. */
export function checkWindow(since: number, until: number): void {
  if (since >= until) {
    throw new LandingGraphError(
      'CONFIG_INVALID',
      `--since (${new Date(since).toISOString()}) must be before --until (${new Date(until).toISOString()})`,
    );
  }
}
