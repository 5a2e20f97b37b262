import type { Clock } from '../time/clock.js';
import { type Downtime, waitOut } from '../time/downtime.js';

export interface TurnWaitOptions {
  /** Redis's downtime, shared by every request of the process. */
  downtime: Downtime;
  clock: Pick<Clock, 'sleep'>;
  /** The error once Redis has been away past the downtime's limit. */
  gone: (downMs: number, cause: unknown) => unknown;
  signal?: AbortSignal;
}

/** Longest single wait before asking again: a turn freed early (a process gone) is seen within it. */
const MAX_TURN_WAIT_MS = 1_000;

/**
 * Ask for a turn until one is given: `take` answers 0 when the turn is taken, else the ms to wait. While Redis is away
 * no request leaves without its turn (strict on rate): the asking goes on at the downtime's probe delays until its
 * limit, then `gone`.
 */
export async function awaitTurn(take: () => Promise<number>, options: TurnWaitOptions): Promise<void> {
  for (;;) {
    options.signal?.throwIfAborted();
    const waitMs = await waitOut(take, { ...options, isOutage: () => true, giveUp: options.gone });
    if (waitMs <= 0) return;
    await options.clock.sleep(Math.min(waitMs, MAX_TURN_WAIT_MS), options.signal);
  }
}
