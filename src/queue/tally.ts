import type { ClientEvent } from '../client/client.js';
import { type LandingRef, refToString } from '../api/refs.js';

/** Retries and 429 waits one task cost the worker that fetched it: the crawl counts them as its own. */
export interface TaskTally {
  retries: number;
  rateLimitWaits: number;
}

/**
 * Counts a client's retries and 429 waits per record while its fetch runs (wire `onEvent` into the client's), so a
 * worker can hand them to the crawl with the task's answer. Two crawls asking one worker for the same record at once
 * share a tally: each gets what was counted until its fetch ended.
 */
export class FetchTally {
  private readonly byRef = new Map<string, TaskTally>();

  readonly onEvent = (event: ClientEvent): void => {
    if (event.type !== 'retry' && event.type !== 'rate-limited') return;
    const tally = this.byRef.get(event.ref) ?? { retries: 0, rateLimitWaits: 0 };
    if (event.type === 'retry') tally.retries += 1;
    else tally.rateLimitWaits += 1;
    this.byRef.set(event.ref, tally);
  };

  /** What fetching `ref` cost, forgotten once taken. */
  take(ref: LandingRef): TaskTally {
    const key = refToString(ref);
    const tally = this.byRef.get(key) ?? { retries: 0, rateLimitWaits: 0 };
    this.byRef.delete(key);
    return tally;
  }
}
