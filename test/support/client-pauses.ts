import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { type Dispatcher, Pool } from 'undici';
import type { RetryAfterPause } from '../../src/sandbox/stats.js';
import { requestsTo } from './undici-origin.js';

/** What a client did and met, in the order it happened, in epoch ms of Date.now (the sandbox's default clock). */
export type ClientPauseEntry = { what: 'request'; atMs: number } | { what: 'answered-429'; atMs: number; retryAfter: string | undefined };

export interface ClientPauseLog {
  entries: ClientPauseEntry[];
  /**
   * For the client's `dispatcher`: a Pool to the origin that logs each request when the client hands it over, which
   * undici's request() does at once, inside the limiter's turn (the Pool may then hold it for a free connection).
   */
  dispatcher: Dispatcher;
  /** Stops logging and closes the Pool. */
  close(): Promise<void>;
}

/**
 * Logs a client's requests to `origin` (through `dispatcher`) and each 429 as its headers arrive (undici's
 * `request:headers`, published before the client sees the answer): both independent of the client's own code.
 */
export function recordClientPauses(origin: string, { connections }: { connections: number }): ClientPauseLog {
  const entries: ClientPauseEntry[] = [];
  const toOrigin = requestsTo(origin);
  const onHeaders = (message: unknown) => {
    const { response } = message as { response?: { statusCode?: number; headers?: unknown[] } };
    if (response?.statusCode !== 429 || !toOrigin(message)) return;
    const raw = response.headers ?? [];
    let retryAfter: string | undefined;
    for (let i = 0; i + 1 < raw.length; i += 2) if (String(raw[i]).toLowerCase() === 'retry-after') retryAfter = String(raw[i + 1]);
    entries.push({ what: 'answered-429', atMs: Date.now(), retryAfter });
  };
  subscribe('undici:request:headers', onHeaders);
  const pool = new Pool(new URL(origin).origin, { connections });
  const dispatcher = pool.compose((dispatch) => (options, handler) => {
    entries.push({ what: 'request', atMs: Date.now() });
    return dispatch(options, handler);
  });
  return {
    entries,
    dispatcher,
    close: async () => {
      unsubscribe('undici:request:headers', onHeaders);
      await pool.close();
    },
  };
}

/** Where a Retry-After (seconds or an HTTP date) received at `atMs` ends; absent or unreadable: 1 s, as the client. */
function retryAfterEndMs(retryAfter: string | undefined, atMs: number): number {
  if (retryAfter !== undefined && /^\d+$/.test(retryAfter.trim())) return atMs + Number(retryAfter) * 1000;
  const date = retryAfter === undefined ? Number.NaN : Date.parse(retryAfter);
  return Number.isNaN(date) ? atMs + 1000 : date;
}

/**
 * A client in the sandbox's own process kept each pause, judged by cause: the sandbox reads requests on the same
 * event loop as the client, so a stall there makes a request sent before the 429 arrived reach it well into the pause;
 * its arrival time says nothing of when it was sent. So: no request may be handed over after a 429 arrived until the
 * pause that 429 announced is over (its Retry-After from its arrival, and no later than the sandbox's pause, which a
 * later 429 may have lengthened: that one counts from its own arrival). Every pause the sandbox announced must have
 * had one of its 429s arrive, so that the judgement is not empty.
 */
export function judgeClientPauses(sandboxPauses: readonly RetryAfterPause[], log: Pick<ClientPauseLog, 'entries'>): string[] {
  const problems: string[] = [];
  const pauseAt = (atMs: number) => sandboxPauses.findLast((pause) => pause.startedAtMs <= atMs);
  const heard = new Set<RetryAfterPause>();
  log.entries.forEach((entry, index) => {
    if (entry.what !== 'answered-429') return;
    const pause = pauseAt(entry.atMs);
    if (!pause) {
      problems.push(`a 429 arrived at ${new Date(entry.atMs).toISOString()}, before any pause the sandbox announced`);
      return;
    }
    heard.add(pause);
    const endMs = Math.min(retryAfterEndMs(entry.retryAfter, entry.atMs), pause.untilMs);
    const made = log.entries
      .slice(index + 1)
      .filter((later) => later.what === 'request' && later.atMs < endMs)
      .map((later) => later.atMs - entry.atMs);
    if (made.length > 0)
      problems.push(
        `a 429 of the pause at ${new Date(pause.startedAtMs).toISOString()} arrived ${entry.atMs - pause.startedAtMs} ms into it, ` +
          `its pause ending ${endMs - entry.atMs} ms later; requests handed over meanwhile: at +${made.join(', +')} ms`,
      );
  });
  for (const pause of sandboxPauses)
    if (!heard.has(pause)) problems.push(`no 429 of the pause at ${new Date(pause.startedAtMs).toISOString()} reached the client`);
  return problems;
}
