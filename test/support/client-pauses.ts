import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { RetryAfterPause } from '../../src/sandbox/stats.js';

/**
 * What a client in this process did, in the order it did it (epoch ms, Date.now, the sandbox's clock): each request
 * made for the origin (undici's `request:create`, published while the limiter's turn is still running, so the
 * moment the request was decided) and each moment it heard a 429 (its `rate-limited` event, right after it paused).
 */
export interface ClientPauseLog {
  entries: { what: 'request' | 'heard-429'; atMs: number }[];
  /** Give to the client's onEvent (beside any other listener). */
  onEvent(event: { type: string }): void;
  stop(): void;
}

export function recordClientPauses(origin: string): ClientPauseLog {
  const entries: ClientPauseLog['entries'] = [];
  const wanted = new URL(origin).origin;
  const listener = (message: unknown) => {
    const requestOrigin = (message as { request?: { origin?: unknown } }).request?.origin;
    if (requestOrigin !== undefined && new URL(String(requestOrigin)).origin === wanted)
      entries.push({ what: 'request', atMs: Date.now() });
  };
  subscribe('undici:request:create', listener);
  return {
    entries,
    onEvent: (event) => {
      if (event.type === 'rate-limited') entries.push({ what: 'heard-429', atMs: Date.now() });
    },
    stop: () => void unsubscribe('undici:request:create', listener),
  };
}

/**
 * A client in the sandbox's own process kept each pause, judged by cause: the sandbox reads requests on the same
 * event loop as the client, so a stall there makes a request sent before the 429 was heard arrive well into the
 * pause; its arrival time says nothing of when it was sent. So: each pause must be heard within `maxHearMs` of its
 * first 429, and no request may be made after it was heard until the pause ends at the sandbox. Requests made before
 * then were on their way. A later 429 of the same pause that lengthened it is taken as heard with the first (a
 * request made between the end the client heard and a later end it had not yet heard would fail: the safe side).
 */
export function judgeClientPauses(
  sandboxPauses: readonly RetryAfterPause[],
  log: Pick<ClientPauseLog, 'entries'>,
  { maxHearMs = 500 }: { maxHearMs?: number } = {},
): string[] {
  const problems: string[] = [];
  for (const pause of sandboxPauses) {
    const at = new Date(pause.startedAtMs).toISOString();
    const heard = log.entries.findIndex((entry) => entry.what === 'heard-429' && entry.atMs >= pause.startedAtMs);
    const heardAtMs = log.entries[heard]?.atMs;
    if (heardAtMs === undefined || heardAtMs >= pause.untilMs) {
      problems.push(`the 429 at ${at} was not heard while its pause lasted`);
      continue;
    }
    if (heardAtMs - pause.startedAtMs > maxHearMs) {
      problems.push(`the 429 at ${at} was heard after ${heardAtMs - pause.startedAtMs} ms, more than ${maxHearMs}`);
      continue;
    }
    const made = log.entries
      .slice(heard + 1)
      .filter((entry) => entry.what === 'request' && entry.atMs < pause.untilMs)
      .map((entry) => entry.atMs - pause.startedAtMs);
    if (made.length > 0)
      problems.push(
        `the 429 at ${at} was heard after ${heardAtMs - pause.startedAtMs} ms; requests made after that during its pause of ` +
          `${pause.untilMs - pause.startedAtMs} ms: at +${made.join(', +')} ms`,
      );
  }
  return problems;
}
