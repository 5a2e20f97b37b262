import { readInstant } from './date-time.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Dates as a report's reader writes them: `8 Dec 2000` for a date (a time of exactly midnight UTC is a date stored
 * as a date-time, e.g. a registration date), `25 Nov 2026, 14:20 UTC` for a moment. Months in English words, so
 * that 03/04 is never read two ways. Text that is no date-time of the graph (src/time/date-time.ts grammar, any
 * fraction) is returned as it is; a zone is required there, so a bare date is midnight UTC.
 */
export function humanDate(text: string): string {
  return human(text, false);
}

/** A moment (a window's bound, when a report was made) as humanDate writes one, at midnight too: `3 May 2026, 00:00 UTC`. */
export function humanMoment(text: string): string {
  return human(text, true);
}

function human(text: string, alwaysTime: boolean): string {
  const at = readInstant(text);
  if (at === undefined) return text;
  const d = new Date(at);
  const day = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  if (at % 86_400_000 === 0 && !alwaysTime) return day;
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${day}, ${hh}:${mm} UTC`;
}
