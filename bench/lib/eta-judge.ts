/**
 * How the million section judges the estimate of the time left, in one place for the bench (its progress lines)
 * and the replay (bench/eta-replay.ts, its work samples).
 */

/** When the million crawl ran: the world's records, the kill, the end, and how long the resumed run took. */
export interface ReplayTimes {
  total: number;
  killedAtMs: number;
  endedMs: number;
  /** From the resumed run's first progress line to the end (the restart is not the crawl's time). */
  resumedMs: number;
}

/** Judged once a tenth of the records is done, until 95 % (the last seconds' errors are noise). */
export function isJudged(fetched: number, total: number): boolean {
  return fetched >= total / 10 && fetched < total * 0.95;
}

/** The error of an estimate given at `atMs` in run 1 or 2 against the time the crawl really took from there. */
export function etaError(etaMs: number, atMs: number, run: 1 | 2, times: ReplayTimes): number {
  const realMs = run === 1 ? times.killedAtMs - atMs + times.resumedMs : times.endedMs - atMs;
  return Math.abs(etaMs - realMs) / realMs;
}
