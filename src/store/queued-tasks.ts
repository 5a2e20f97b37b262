import type { FrontierRow } from '../crawl/frontier-store.js';

/**
 * Most of what a crawl's commits queue is already queued: every record a page lists is queued again by
 * each of its listers (about 85% of the queue rows of a 20,000-record crawl), and each such row cost
 * frontier-complete a locking MERGE. This remembers, per task uid, the smallest depth a committed
 * transaction queued, and lets a commit send only what can still change the frontier: a new uid, or a
 * smaller depth (cypher/frontier-complete.cypher changes nothing else for a known uid, and a task's
 * depth never grows). Forgetting is always safe: the graph decides; so past `maxRemembered` uids it
 * starts again empty, to bound its memory.
 */
export class QueuedTasks {
  private readonly depths = new Map<string, number>();

  /** @param maxRemembered uids kept at most (default 200,000: about 20 MB). */
  constructor(private readonly maxRemembered = 200_000) {}

  /** The rows of `queue` worth sending: one per uid (its smallest depth), none that cannot change anything. */
  worthSending(queue: readonly FrontierRow[]): FrontierRow[] {
    const rows = new Map<string, FrontierRow>();
    for (const row of queue) {
      const known = this.depths.get(row.uid);
      if (known !== undefined && known <= row.depth) continue;
      const pending = rows.get(row.uid);
      if (pending === undefined || row.depth < pending.depth) rows.set(row.uid, row);
    }
    return [...rows.values()];
  }

  /** Call once the transaction that queued `rows` has committed. */
  remember(rows: readonly FrontierRow[]): void {
    if (this.depths.size + rows.length > this.maxRemembered) this.depths.clear();
    for (const { uid, depth } of rows) {
      const known = this.depths.get(uid);
      if (known === undefined || depth < known) this.depths.set(uid, depth);
    }
  }
}
