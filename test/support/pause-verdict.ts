import type { RetryAfterPause } from '../../src/sandbox/stats.js';

/** The shared window's doings on Redis's clock (epoch ms), read from its MONITOR (redis-monitor.ts). */
export interface SharedWindowLog {
  /** Each pause written: when, and until when. */
  pauses: { setAtMs: number; untilMs: number }[];
  /** When each turn was given, by ticket. */
  turnsAtMs: Map<string, number>;
  /** When each turn's departure was marked, by ticket (after the request left). */
  departuresAtMs: Map<string, number>;
}

/** One pause of the sandbox, judged against what Redis did. */
export interface PauseVerdict {
  /** Its first 429 at the sandbox (epoch ms). */
  startedAtMs: number;
  /** How long after that the pause was written in Redis (null: not while it lasted). */
  reachedRedisAfterMs: number | null;
  /** The requests that arrived during it, ms after its first 429. */
  arrivalsAfterMs: number[];
  /** Turns given before the pause reached Redis and leaving after its first 429: requests on their way. */
  onTheirWay: number;
}

export interface PauseJudgement {
  pauses: PauseVerdict[];
  /** Turns that Redis gave while one of its pauses was in force: none may be. */
  turnsDuringPause: { ticket: string; atMs: number; pause: SharedWindowLog['pauses'][number] }[];
  /** What went wrong, one line each (empty: every pause kept). */
  problems: string[];
}

/**
 * The processes on one key kept each pause, judged by cause, not by a guess at how fast a 429 travels: a request
 * whose turn Redis gave before the pause reached it was already on its way, whatever the scheduler did to it after;
 * every other request must wait. So each pause must reach Redis within `maxReachMs` of its 429, no turn may be
 * given while Redis holds a pause, and the requests arriving at the sandbox during a pause, with the one answered its
 * first 429, must not outnumber the turns given before it reached Redis and marked leaving after that 429 (less
 * `slackMs` for a request's way to the sandbox and the rounding of its clock). A process that sent without a turn
 * shows as more arrivals than turns on their way. Requests and turns are counted, not matched (nothing of a turn goes
 * on the wire), so a request or two sent without a turn among many on their way would not show: the count bounds
 * what a pause let through, it does not name each request.
 */
export function judgePauses(
  sandboxPauses: readonly RetryAfterPause[],
  log: SharedWindowLog,
  { slackMs = 20, maxReachMs = 500 }: { slackMs?: number; maxReachMs?: number } = {},
): PauseJudgement {
  const turnsDuringPause = [...log.turnsAtMs].flatMap(([ticket, atMs]) => {
    const pause = log.pauses.find((written) => written.setAtMs <= atMs && atMs < written.untilMs);
    return pause ? [{ ticket, atMs, pause }] : [];
  });
  const problems = turnsDuringPause.map(
    ({ ticket, atMs, pause }) =>
      `turn ${ticket} given ${(atMs - pause.setAtMs).toFixed(1)} ms into a pause Redis held for ${(pause.untilMs - pause.setAtMs).toFixed(1)} ms`,
  );
  const pauses = sandboxPauses.map((pause): PauseVerdict => {
    const reached = log.pauses.find((written) => written.setAtMs >= pause.startedAtMs && written.setAtMs < pause.untilMs);
    let onTheirWay = 0;
    if (reached) {
      for (const [ticket, turnAtMs] of log.turnsAtMs) {
        const departedAtMs = log.departuresAtMs.get(ticket);
        if (turnAtMs < reached.setAtMs && departedAtMs !== undefined && departedAtMs >= pause.startedAtMs - slackMs) onTheirWay++;
      }
    }
    return {
      startedAtMs: pause.startedAtMs,
      reachedRedisAfterMs: reached ? reached.setAtMs - pause.startedAtMs : null,
      arrivalsAfterMs: pause.arrivalsAtMs.map((atMs) => atMs - pause.startedAtMs),
      onTheirWay,
    };
  });
  for (const pause of pauses) {
    const at = new Date(pause.startedAtMs).toISOString();
    if (pause.reachedRedisAfterMs === null) problems.push(`the pause of the 429 at ${at} never reached Redis while it lasted`);
    // Every turn given before the pause was written counts as on its way: a process that put off writing it would
    // let the others send through most of the pause and still pass the count.
    else if (pause.reachedRedisAfterMs > maxReachMs)
      problems.push(
        `the pause of the 429 at ${at} reached Redis after ${pause.reachedRedisAfterMs.toFixed(1)} ms, more than ${maxReachMs}`,
      );
    else if (pause.arrivalsAfterMs.length + 1 > pause.onTheirWay)
      problems.push(
        `the pause of the 429 at ${at} reached Redis after ${pause.reachedRedisAfterMs.toFixed(1)} ms; ` +
          `${pause.arrivalsAfterMs.length} requests arrived during it (at +${pause.arrivalsAfterMs.join(', +')} ms) besides the one ` +
          `answered 429, and only ${pause.onTheirWay} turns were given before that`,
      );
  }
  return { pauses, turnsDuringPause, problems };
}

/** One line for a test's log: how fast the pauses reached Redis and what arrived during them. */
export function pauseSummary({ pauses }: PauseJudgement): string {
  const reached = pauses.flatMap((pause) => (pause.reachedRedisAfterMs === null ? [] : [pause.reachedRedisAfterMs]));
  if (reached.length === 0) return `${pauses.length} pauses, none in Redis`;
  const arrivals = pauses.reduce((sum, pause) => sum + pause.arrivalsAfterMs.length, 0);
  const latest = Math.max(0, ...pauses.flatMap((pause) => pause.arrivalsAfterMs));
  return (
    `${pauses.length} pauses, each in Redis ${Math.min(...reached).toFixed(1)}-${Math.max(...reached).toFixed(1)} ms after its 429; ` +
    `${arrivals} requests arrived during them (the latest ${latest} ms after its 429), ` +
    `${pauses.reduce((sum, pause) => sum + pause.onTheirWay, 0)} turns were on their way`
  );
}
