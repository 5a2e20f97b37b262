import { describe, expect, it } from 'vitest';
import { type ClientPauseLog, judgeClientPauses } from './client-pauses.js';

const T0 = 1_800_000_000_000;
const at = new Date(T0).toISOString();
/** A 429 at T0 with Retry-After 1 s (the sandbox's view). */
const pauses = [{ startedAtMs: T0, untilMs: T0 + 1000, arrivalsAtMs: [] }];
/** The client's doings in order, as [what, ms after T0]. */
const log = (...entries: ['request' | 'heard-429', number][]): Pick<ClientPauseLog, 'entries'> => ({
  entries: entries.map(([what, ms]) => ({ what, atMs: T0 + ms })),
});

describe('judgeClientPauses', () => {
  it('lets requests made before the 429 was heard go, however late they arrive, and those after the pause', () => {
    expect(
      judgeClientPauses(pauses, log(['request', -3], ['request', 40], ['heard-429', 45], ['request', 1000], ['request', 1200])),
    ).toEqual([]);
  });

  it('finds a request made after the 429 was heard, in the same millisecond too', () => {
    expect(judgeClientPauses(pauses, log(['heard-429', 45], ['request', 45], ['request', 999]))).toEqual([
      `the 429 at ${at} was heard after 45 ms; requests made after that during its pause of 1000 ms: at +45, +999 ms`,
    ]);
  });

  it('finds a 429 heard late or never', () => {
    expect(judgeClientPauses(pauses, log(['request', 10], ['heard-429', 501]))).toEqual([
      `the 429 at ${at} was heard after 501 ms, more than 500`,
    ]);
    expect(judgeClientPauses(pauses, log(['request', 10], ['heard-429', -1], ['heard-429', 1000]))).toEqual([
      `the 429 at ${at} was not heard while its pause lasted`,
    ]);
  });

  it('judges each pause by the first 429 heard after it began', () => {
    const two = [...pauses, { startedAtMs: T0 + 2000, untilMs: T0 + 3000, arrivalsAtMs: [] }];
    expect(judgeClientPauses(two, log(['heard-429', 5], ['request', 1500], ['heard-429', 2010], ['request', 2011]))).toEqual([
      `the 429 at ${new Date(T0 + 2000).toISOString()} was heard after 10 ms; requests made after that during its pause of 1000 ms: at +11 ms`,
    ]);
  });
});
