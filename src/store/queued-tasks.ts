import type { LandingKind } from '../api/kinds.js';
import type { FrontierTask } from '../crawl/frontier-store.js';

/** The deepest task kept in the table (a byte); deeper ones are kept by uid. */
const MAX_DEPTH_KEPT = 255;

const KIND_CODES: Record<LandingKind, number> = { domain: 1, company: 2, email: 3, phone: 4 };

/**
 * Most of what a crawl's commits queue is already queued: every record a page lists is queued again by
 * each of its listers (about 85% of the queue rows of a 20,000-record crawl), and each such row cost
 * frontier-complete a locking MERGE. This remembers, per task of one crawl, the smallest depth a committed
 * transaction queued, and lets a commit send only what can still change the frontier: a new task, or a
 * smaller depth (cypher/frontier-complete.cypher changes nothing else for a known uid, and a task's
 * depth never grows). Forgetting is always safe: the graph decides; so past `maxRemembered` tasks it
 * starts again empty, to bound its memory.
 *
 * Tasks by page number (nearly all) live in a table of numbers allocated once, sized for `maxRemembered`:
 * the crawl's memory does not grow with the records it discovers, and no uid string is kept alive. Tasks by
 * natural key (few: --follow contacts,requisites) are kept by uid.
 */
export class QueuedTasks {
  /** Open addressing: kind code + 8 x page number (0: empty), and the depth queued; half full at most. */
  private readonly keys: Float64Array;
  private readonly depths: Uint8Array;
  private readonly byUid = new Map<string, number>();
  private size = 0;
  private crawlId: string | undefined;

  /** @param maxRemembered tasks kept at most (default 200,000: 4.5 MB, allocated once). */
  constructor(private readonly maxRemembered = 200_000) {
    let slots = 1;
    while (slots < 2 * maxRemembered) slots *= 2;
    this.keys = new Float64Array(slots);
    this.depths = new Uint8Array(slots);
  }

  /** The rows of `queue` worth sending: one per uid (its smallest depth), none that cannot change anything. */
  worthSending(crawlId: string, queue: readonly FrontierTask[]): FrontierTask[] {
    if (crawlId !== this.crawlId) this.forget(crawlId);
    const rows = new Map<string, FrontierTask>();
    for (const row of queue) {
      const known = this.known(row);
      if (known !== undefined && known <= row.depth) continue;
      const pending = rows.get(row.uid);
      if (pending === undefined || row.depth < pending.depth) rows.set(row.uid, row);
    }
    return [...rows.values()];
  }

  /** Call once the transaction that queued `rows` for `crawlId` has committed. */
  remember(crawlId: string, rows: readonly FrontierTask[]): void {
    if (crawlId !== this.crawlId || this.size + rows.length > this.maxRemembered) this.forget(crawlId);
    for (const row of rows) {
      const key = numberKey(row);
      if (key === undefined) {
        const known = this.byUid.get(row.uid);
        if (known === undefined) this.size += 1;
        if (known === undefined || row.depth < known) this.byUid.set(row.uid, row.depth);
        continue;
      }
      const slot = this.slotOf(key);
      if (this.keys[slot] === 0) {
        this.keys[slot] = key;
        this.depths[slot] = row.depth;
        this.size += 1;
      } else if (row.depth < this.depths[slot]!) this.depths[slot] = row.depth;
    }
  }

  private known(row: FrontierTask): number | undefined {
    const key = numberKey(row);
    if (key === undefined) return this.byUid.get(row.uid);
    const slot = this.slotOf(key);
    return this.keys[slot] === 0 ? undefined : this.depths[slot];
  }

  /** The slot holding `key`, or the empty one where it goes. */
  private slotOf(key: number): number {
    const mask = this.keys.length - 1;
    let slot = (Math.imul((key % 0x100000000) | 0, 0x9e3779b1) ^ Math.floor(key / 0x100000000)) & mask;
    while (this.keys[slot] !== 0 && this.keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private forget(crawlId: string): void {
    this.crawlId = crawlId;
    this.keys.fill(0);
    this.byUid.clear();
    this.size = 0;
  }
}

/** A task by page number as one exact number, unless its page number is too large to be kept exactly. */
function numberKey(row: FrontierTask): number | undefined {
  if (row.id === null || row.id < 0 || row.depth > MAX_DEPTH_KEPT) return undefined;
  const key = KIND_CODES[row.kind] + 8 * row.id;
  return Number.isSafeInteger(key) ? key : undefined;
}
