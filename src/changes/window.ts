import { LandingGraphError, quoteValue } from '../errors.js';
import { DATE_TIME_FORMS, readInstant } from '../time/date-time.js';
import { readDurationMs } from '../time/duration.js';

/**
 * `--since` and `--until` of `landing-graph changes`, parsed without touching the graph: a moment is a
 * date-time or a date of the one grammar (src/time/date-time.ts), a duration back from now (`90m`, `12h`, `1d`,
 * `2w`, src/time/duration.ts: convenient for cron), or, for `--since` only, the id of a crawl (its startedAt,
 * looked up by the reader).
 */
export type Moment = { at: number; crawlId?: undefined } | { crawlId: string; at?: undefined };

/** Crawl ids are `<fingerprint>-<base36 start>`; anything of these characters is looked up. */
const CRAWL_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,200}$/;

/** Parse `--since` (crawl ids allowed) or `--until` (not). `now` is epoch ms. */
export function parseMoment(text: string, flag: '--since' | '--until', now: number): Moment {
  const value = text.trim();
  const durationMs = /^\d+$/.test(value) ? undefined : readDurationMs(value);
  if (durationMs !== undefined) return { at: now - durationMs };
  const at = readInstant(value);
  if (at !== undefined) return { at };
  if (flag === '--since' && CRAWL_ID.test(value) && !/^\d+$/.test(value) && !/^\d{4}-\d{2}-\d{2}/.test(value)) return { crawlId: value };
  throw new LandingGraphError(
    'CONFIG_INVALID',
    `${flag} must be ${DATE_TIME_FORMS}, a duration back from now (12h, 1d, 2w)${flag === '--since' ? ' or a crawl id' : ''}; got ${quoteValue(text)}`,
  );
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
