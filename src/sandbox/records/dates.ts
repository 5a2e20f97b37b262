import type { Rng } from '../prng.js';

/**
 * Dates in record bodies (the format is not published; the sandbox's choice): a Date field is an ISO 8601
 * string in UTC ("2026-11-21T09:30:00.000Z"), its String twin is "dd.mm.yyyy" ("21.11.2026"). Dates come
 * from the record's seeded generator, never from the clock, so a body is the same whenever it is served.
 */

const DAY = 86_400_000;
/** Update dates fall in this window. */
export const UPDATE_FROM = Date.UTC(2024, 0, 1);
export const UPDATE_TO = Date.UTC(2026, 10, 30);

const dayCache = new Map<number, string>();

export function isoDate(ms: number): string {
  if (ms % DAY !== 0) return new Date(ms).toISOString();
  let text = dayCache.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString();
    if (dayCache.size < 20_000) dayCache.set(ms, text);
  }
  return text;
}

export function dateString(ms: number): string {
  const d = new Date(ms);
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${d.getUTCFullYear()}`;
}

/** A moment in [from, to), on a whole minute. */
export function randomMoment(rng: Rng, from: number, to: number): number {
  return Math.floor((from + rng.float() * (to - from)) / 60_000) * 60_000;
}

/** A day (midnight UTC) in [from, to). */
export function randomDay(rng: Rng, from: number, to: number): number {
  return Math.floor((from + rng.float() * (to - from)) / DAY) * DAY;
}

/** A Date field and its String twin, e.g. dated(rng, 'creation', ms) -> { creationDate, creationDateString }. */
export function dated<P extends string>(prefix: P, ms: number): Record<`${P}Date` | `${P}DateString`, string> {
  return { [`${prefix}Date`]: isoDate(ms), [`${prefix}DateString`]: dateString(ms) } as Record<`${P}Date` | `${P}DateString`, string>;
}

/** updateDate and updateDateString of a (U) block. */
export function updateStamp(rng: Rng): { updateDate: string; updateDateString: string } {
  return dated('update', randomMoment(rng, UPDATE_FROM, UPDATE_TO));
}

export { DAY };
