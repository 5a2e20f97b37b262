import type { FetchWorkerOptions } from '../queue/fetch-worker.js';
import { terminalText } from '../render/escape.js';

/** How long a notice logged stays quiet when it comes again: a Redis that stays away fails every reconnect. */
const QUIET_MS = 60_000;
/** Distinct notices remembered; past this the memory starts again (a notice may then be logged once more). */
const MAX_REMEMBERED = 100;

/**
 * What a fetch worker has to say on stderr, one line each: its Redis errors, the leases it lost, the answers Redis
 * refused because their lease had lapsed. The same line comes again at most once a minute, with how often it
 * happened meanwhile. Messages are printed terminal-safe (a job id holds a record's key from the service).
 */
export function workerNotices(
  name: string,
  log: (line: string) => void,
  now: () => number = Date.now,
): Required<Pick<FetchWorkerOptions, 'onError' | 'onLeaseLost'>> {
  const seen = new Map<string, { atMs: number; repeats: number }>();
  const notice = (message: string) => {
    const atMs = now();
    const last = seen.get(message);
    if (last && atMs - last.atMs < QUIET_MS) {
      last.repeats += 1;
      return;
    }
    if (seen.size >= MAX_REMEMBERED) seen.clear();
    seen.set(message, { atMs, repeats: 0 });
    const repeats = last && last.repeats > 0 ? ` (${last.repeats} more since it was last shown)` : '';
    log(terminalText(`${name}: ${message}${repeats}`));
  };
  return {
    onError: (error) =>
      notice(
        /missing lock/i.test(error.message)
          ? 'an answer came after its task had been leased to another worker (the lease lapsed); it was dropped, the other worker answers'
          : `Redis: ${error.message}`,
      ),
    onLeaseLost: (taskIds) =>
      notice(
        `could not renew the lease of ${taskIds.length === 1 ? 'a task' : `${taskIds.length} tasks`} (Redis away or too slow?): ` +
          'another worker redoes them once the lease lapses',
      ),
  };
}
