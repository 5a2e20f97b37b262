/** What a crawl has done and knows of at one moment, for RemainingWork. */
export interface WorkSample {
  /** Tasks settled, all runs (fetched, missing, failed, invalid and reused). */
  settled: number;
  /** Tasks queued in the frontier: records still to fetch. */
  toFetch: number;
  /** References the settled records listed (queue rows, repeats included): every record a page names. */
  listed: number;
}

/**
 * The records a crawl still has to settle and the time that takes, from samples of its counters. The pace
 * is that of the last third of the run's time (at least `minSpanMs`): long enough that a slow commit or a
 * burst does not swing it, short enough that a slow start (Neo4j's first plans, the first level's few
 * records) drops out. What is discovered is judged on the last third of the records settled: when the pace
 * rises (the last levels' records are cheap to write), a third of the time would reach back to levels that
 * discovered far more.
 *
 * The records to fetch are known exactly, but those they will still discover are not: a breadth-first crawl
 * learns of most of its world while it runs. Two estimates of them, the smaller taken:
 * - recapture: the share of listed references that were already known estimates the share of the world
 *   known (known / share is the world's size), which holds while the crawl grows;
 * - yield: each record to fetch discovers as many new ones as those settled lately did, and those in turn
 *   (a geometric series), which is the closer one once discoveries thin out at the end.
 * Pure apart from the clock.
 */
export class RemainingWork {
  private readonly samples: (WorkSample & { atMs: number })[] = [];
  private startMs: number | undefined;

  /** @param minSpanMs Below this much time between the window's samples there is no estimate. Default: 3,000. */
  constructor(
    private readonly now: () => number,
    private readonly minSpanMs = 3_000,
  ) {}

  observe(sample: WorkSample): void {
    const atMs = this.now();
    this.startMs ??= atMs;
    this.samples.push({ ...sample, atMs });
    const { startMs, startSettled } = this.windowOf(this.samples[this.samples.length - 1]!);
    while (this.samples.length > 2 && this.samples[1]!.atMs <= startMs && this.samples[1]!.settled <= startSettled) this.samples.shift();
  }

  /** Where the pace's window (by time) and the discoveries' window (by records settled) start, seen from `last`. */
  private windowOf(last: WorkSample & { atMs: number }): { startMs: number; startSettled: number } {
    return {
      startMs: last.atMs - Math.max(this.minSpanMs, (last.atMs - (this.startMs ?? last.atMs)) / 3),
      startSettled: (last.settled * 2) / 3,
    };
  }

  /** The newest sample at or before the window's start (the oldest kept otherwise), never `last` itself. */
  private firstOf(startsAfter: (sample: WorkSample & { atMs: number }) => boolean): WorkSample & { atMs: number } {
    let first = this.samples[0]!;
    for (const sample of this.samples.slice(1, -1)) if (!startsAfter(sample)) first = sample;
    return first;
  }

  /**
   * Tasks left (to fetch and still to discover) and the time they take at the window's pace; undefined: no
   * estimate yet. `toFetch`: the records to fetch now, if known better than at the last sample (commits
   * since have settled some: at the end of a fast crawl, seconds between samples are thousands of records).
   */
  estimate(toFetch?: number): { tasks: number; etaMs: number } | undefined {
    const last = this.samples[this.samples.length - 1];
    if (!last || this.samples.length < 2) return undefined;
    const { startMs, startSettled } = this.windowOf(last);
    const first = this.firstOf((s) => s.atMs > startMs);
    if (last.atMs - first.atMs < this.minSpanMs) return undefined;
    const settled = last.settled - first.settled;
    if (settled <= 0) return undefined;
    const perMs = settled / (last.atMs - first.atMs);
    const since = this.firstOf((s) => s.settled > startSettled);
    const toFetchNow = Math.min(last.toFetch, toFetch ?? last.toFetch);
    const future = this.toDiscover(since, last, last.settled - since.settled, toFetchNow);
    if (future === undefined) return undefined;
    const tasks = toFetchNow + future;
    return { tasks: Math.round(tasks), etaMs: Math.round(tasks / perMs) };
  }

  private toDiscover(first: WorkSample, last: WorkSample, settled: number, toFetch: number): number | undefined {
    const known = last.settled + last.toFetch;
    const discovered = known - (first.settled + first.toFetch);
    const listed = last.listed - first.listed;
    if (listed <= 0 || discovered <= 0) return 0;
    const knownShare = 1 - Math.min(1, discovered / listed);
    const byRecapture = knownShare > 0 ? known / knownShare - known : Infinity;
    if (settled <= 0) return 0;
    const yieldPerTask = discovered / settled;
    const byYield = yieldPerTask < 1 ? (toFetch * yieldPerTask) / (1 - yieldPerTask) : Infinity;
    const future = Math.min(byRecapture, byYield);
    return Number.isFinite(future) ? future : undefined;
  }
}
