import { describe, expect, it } from 'vitest';
import { judgePauses, type SharedWindowLog } from './pause-verdict.js';

const T0 = 1_800_000_000_000;
/** A 429 at T0 with Retry-After 1 s, and the requests that arrived during it (ms after T0). */
const sandboxPause = (...arrivalsAfterMs: number[]) => [
  { startedAtMs: T0, untilMs: T0 + 1000, arrivalsAtMs: arrivalsAfterMs.map((ms) => T0 + ms) },
];
/**
 * Redis's log: the pause written at T0 + `pauseAfterMs` for 1,025 ms; turns as [ticket, given, departed] after T0,
 * with the turn of the request answered 429 at T0 (given at -5, marked departed at -1).
 */
const redisLog = (pauseAfterMs: number | null, turns: [string, number, number][]): SharedWindowLog => ({
  pauses: pauseAfterMs === null ? [] : [{ setAtMs: T0 + pauseAfterMs, untilMs: T0 + pauseAfterMs + 1025 }],
  turnsAtMs: new Map([['429', -5, -1] as const, ...turns].map(([ticket, given]) => [ticket, T0 + given])),
  departuresAtMs: new Map([['429', -5, -1] as const, ...turns].map(([ticket, , departed]) => [ticket, T0 + departed])),
});

describe('judgePauses', () => {
  it('lets requests whose turns came before the pause reached Redis arrive during it, however late', () => {
    // The 429's process was busy: the pause reached Redis 110 ms later; a turn given at +109 left at +117.
    const verdict = judgePauses(
      sandboxPause(35, 117),
      redisLog(110, [
        ['a', -2, 34],
        ['b', 109, 117],
        ['c', -300, -290],
      ]),
    );
    expect(verdict.problems).toEqual([]);
    expect(verdict.pauses).toEqual([{ startedAtMs: T0, reachedRedisAfterMs: 110, arrivalsAfterMs: [35, 117], onTheirWay: 3 }]);
  });

  it('finds a request that arrived without a turn on its way', () => {
    const verdict = judgePauses(
      sandboxPause(5, 40, 300),
      redisLog(20, [
        ['a', 1, 4],
        ['b', 15, 39],
        ['c', 1100, 1101],
      ]),
    );
    expect(verdict.pauses[0]?.onTheirWay).toBe(3);
    expect(verdict.problems).toEqual([
      `the pause of the 429 at ${new Date(T0).toISOString()} reached Redis after 20.0 ms; 3 requests arrived during it (at +5, +40, +300 ms) besides the one answered 429, and only 3 turns were given before that`,
    ]);
  });

  it('does not count a turn that left well before the 429 as one on its way', () => {
    expect(judgePauses(sandboxPause(8), redisLog(10, [['a', -100, -50]])).problems).toHaveLength(1);
    expect(judgePauses(sandboxPause(8), redisLog(10, [['a', -100, -15]])).problems).toEqual([]);
  });

  it('finds a pause that reached Redis late, however few requests came meanwhile', () => {
    expect(judgePauses(sandboxPause(), redisLog(501, [])).problems).toEqual([
      `the pause of the 429 at ${new Date(T0).toISOString()} reached Redis after 501.0 ms, more than 500`,
    ]);
  });

  it('finds a pause that never reached Redis, or reached it after it ended', () => {
    expect(judgePauses(sandboxPause(), redisLog(null, [])).problems).toEqual([
      `the pause of the 429 at ${new Date(T0).toISOString()} never reached Redis while it lasted`,
    ]);
    expect(judgePauses(sandboxPause(), redisLog(1000, [])).pauses[0]?.reachedRedisAfterMs).toBeNull();
  });

  it('finds a turn that Redis gave while it held a pause', () => {
    const verdict = judgePauses(sandboxPause(), redisLog(10, [['late', 500, 501]]));
    expect(verdict.turnsDuringPause).toEqual([{ ticket: 'late', atMs: T0 + 500, pause: { setAtMs: T0 + 10, untilMs: T0 + 1035 } }]);
    expect(verdict.problems).toEqual(['turn late given 490.0 ms into a pause Redis held for 1025.0 ms']);
  });
});
