import type { FetchWorkerOptions } from '../queue/fetch-worker.js';
import { terminalText } from '../render/escape.js';

/** How long a notice logged stays quiet when it comes again: a Redis that stays away fails every reconnect. */
const QUIET_MS = 60_000;
/** Distinct notices remembered; past this the memory starts again (a notice may then be logged once more). */
const MAX_REMEMBERED = 100;

/**
 * What a fetch worker has to say on stderr, one line each: its Redis errors, the leases it lost, the answers Redis
 * refused because their lease had lapsed. Each kind of notice comes again at most once a minute, with how often it
 * happened meanwhile (a lost lease is reported for every task in hand, every few seconds while Redis is away).
 * Messages are printed terminal-safe (a job id holds a record's key from the service).
 */
export function workerNotices(
  name: string,
  log: (line: string) => void,
  now: () => number = Date.now,
): Required<Pick<FetchWorkerOptions, 'onError' | 'onLeaseLost'>> {
  const seen = new Map<string, { atMs: number; repeats: number }>();
  /** `kind` decides what counts as the same notice; `message` is the latest one's words. */
  const notice = (kind: string, message: string) => {
    const atMs = now();
    const last = seen.get(kind);
    if (last && atMs - last.atMs < QUIET_MS) {
      last.repeats += 1;
      return;
    }
    if (seen.size >= MAX_REMEMBERED) seen.clear();
    seen.set(kind, { atMs, repeats: 0 });
    const repeats = last && last.repeats > 0 ? ` (${last.repeats} more since it was last shown)` : '';
    log(terminalText(`${name}: ${message}${repeats}`));
  };
  return {
    onError: (error) => {
      // BullMQ reports a lease it could not renew twice: as lockRenewalFailed (onLeaseLost) and as one error per task.
      if (/^could not renew lock for job /i.test(error.message)) return;
      if (/missing lock/i.test(error.message))
        notice(
          'late',
          'an answer came after its task had been leased to another worker (the lease lapsed); it was dropped, the other worker answers',
        );
      else notice(`redis ${error.message}`, `Redis: ${error.message}`);
    },
    onLeaseLost: (taskIds) =>
      notice(
        'lease',
        `could not renew the lease of ${taskIds.length === 1 ? 'a task' : `${taskIds.length} tasks`} (Redis away or too slow?): ` +
          'another worker redoes them once the lease lapses',
      ),
  };
}
