import { LANDING_KINDS, type LandingKind } from '../api/kinds.js';

/** What a crawl has done and knows of at one moment, for RemainingWork. */
export interface WorkSample {
  /** Tasks settled, all runs (fetched, missing, failed, invalid and reused). */
  settled: number;
  /** Tasks queued in the frontier: records still to fetch. */
  toFetch: number;
  /** References the settled records listed (queue rows, repeats included): every record a page names. */
  listed: number;
  /** What the store's side shows: without it every record costs the same. */
  store?: StoreSample;
  /** How long the fetches have waited for --rps so far (unknown when the fetches are made elsewhere). */
  rateHeldMs?: number;
}

/** A sample as RemainingWork keeps it: with the time it was taken (epoch ms). */
export type TimedWorkSample = WorkSample & { atMs: number };

export interface StoreSample {
  /** How long fetches have waited for room in the commit buffer, this run: the time the store bound the crawl. */
  heldMs: number;
  /** Settled, written and queued per kind of record. */
  kinds: Record<LandingKind, KindSample>;
}

export interface KindSample {
  /** Tasks of this kind this run settled, and the rows (nodes, links, pivots) their settlements hold. */
  settled: number;
  rows: number;
  /** Tasks of this kind queued in the frontier. */
  toFetch: number;
}

/**
 * Below this many records of a kind settled in the pace's window, the kind's cost is its average over the run, and
 * below this many settled lately (RECENT_SHARE), its cost in the pace's window: fewer are too few to say what the
 * kind costs now.
 */
const MIN_KIND_SETTLED = 100;

/**
 * What the records left cost is judged on the last 3 % of the records settled: a kind's records keep getting cheaper
 * as the crawl goes (more of what they name exists already), so its latest records say best what the next will cost.
 * The share is of every run's records, so a resumed run that has settled fewer than that judges on all of its own.
 */
const RECENT_SHARE = 0.03;

/**
 * The records a crawl still has to settle and the time that takes, from samples of its counters. The pace
 * is that of the last third of the run's time (at least `minSpanMs`): long enough that a slow commit or a
 * burst does not swing it, short enough that a slow start (Neo4j's first plans, the first level's few
 * records) drops out. The run's first sample is taken as it starts, before anything is fetched: it only starts
 * the run's time, since the seconds after it are the start-up's, not the crawl's pace. What is discovered is
 * judged on the last tenth of the records settled: when the pace rises (the last levels' records are cheap to
 * write), a share of the time would reach back to levels that discovered far more.
 *
 * The records to fetch are known exactly, but those they will still discover are not: a breadth-first crawl
 * learns of most of its world while it runs. Two estimates of them, the smaller taken:
 * - recapture: the share of listed references that were already known estimates the share of the world
 *   known (known / share is the world's size), which holds while the crawl grows;
 * - yield: each record to fetch discovers as many new ones as those settled lately did, and those in turn
 *   (a geometric series, as many terms as the levels the depth leaves), which is the closer one once discoveries
 *   thin out at the end.
 * At the depth's last level nothing more is discovered: the records left are those to fetch.
 * Kinds cost very different work (a company or a site writes many pivots and links, an e-mail or a phone few),
 * and the last levels of a crawl hold mostly the cheap ones. While work binds the crawl, the pace is converted to
 * rows per second with what the window's records wrote, and a record left costs the rows its kind's latest records
 * wrote on average (RECENT_SHARE: a kind's last records write fewer rows than its first, as more of what they name
 * exists already), weighed with the records' own mix (those to fetch by the frontier's kinds, those still to
 * discover by the kinds discovered lately). Work binds the crawl for the share of the
 * window's time that --rps did not hold its fetches (`rateHeldMs`), or that the store held them (`store.heldMs`),
 * whichever is the larger: an unthrottled crawl whose local Neo4j and service share the crawler's processors is bound
 * by work even while its store is not the one holding it. While --rps holds it, every record costs the same: one
 * request. Without the rate's side (fetches made by the queue's workers), only the store's share counts. A crawl
 * bound by the service's answers or its concurrency counts as bound by work: rarer, and its error bounded by how much
 * cheaper its last records are. Pure apart from the clock.
 */
export class RemainingWork {
  private readonly samples: TimedWorkSample[] = [];
  private startMs: number | undefined;

  /**
   * @param minSpanMs Below this much time between the window's samples there is no estimate (two counts at the
   * crawl's 5 s). Default: 10,000.
   */
  constructor(
    private readonly now: () => number,
    private readonly minSpanMs = 10_000,
  ) {}

  /** Keep a sample, taken now (the run's first only starts its time); returns it with its time. */
  observe(sample: WorkSample): TimedWorkSample {
    const atMs = this.now();
    const timed = { ...sample, atMs };
    if (this.startMs === undefined) {
      this.startMs = atMs;
      return timed;
    }
    this.samples.push(timed);
    const { startMs, startSettled } = this.windowOf(this.samples[this.samples.length - 1]!);
    while (this.samples.length > 2 && this.samples[1]!.atMs <= startMs && this.samples[1]!.settled <= startSettled) this.samples.shift();
    return timed;
  }

  /**
   * Where the pace's window (by time), the discoveries' window and the recent costs' (by records settled) start,
   * seen from `last`. The last starts after the second, so what keeps the second keeps it too.
   */
  private windowOf(last: TimedWorkSample): { startMs: number; startSettled: number; startRecent: number } {
    return {
      startMs: last.atMs - Math.max(this.minSpanMs, (last.atMs - (this.startMs ?? last.atMs)) / 3),
      startSettled: (last.settled * 9) / 10,
      startRecent: last.settled * (1 - RECENT_SHARE),
    };
  }

  /** The newest sample at or before the window's start (the oldest kept otherwise), never `last` itself. */
  private firstOf(startsAfter: (sample: TimedWorkSample) => boolean): TimedWorkSample {
    let first = this.samples[0]!;
    for (const sample of this.samples.slice(1, -1)) if (!startsAfter(sample)) first = sample;
    return first;
  }

  /**
   * Tasks left (to fetch and still to discover) and the time they take at the window's pace; undefined: no
   * estimate yet. `toFetch`: the records to fetch now, if known better than at the last sample (commits
   * since have settled some: at the end of a fast crawl, seconds between samples are thousands of records).
   * `levelsLeft`: how many levels below the one being fetched the crawl's depth still allows (`--depth` less that
   * level): at the last level nothing is discovered any more, above it at most that many generations.
   */
  estimate(toFetch?: number, levelsLeft?: number): { tasks: number; etaMs: number } | undefined {
    const last = this.samples[this.samples.length - 1];
    if (!last || this.samples.length < 2) return undefined;
    const { startMs, startSettled, startRecent } = this.windowOf(last);
    const first = this.firstOf((s) => s.atMs > startMs);
    if (last.atMs - first.atMs < this.minSpanMs) return undefined;
    const settled = last.settled - first.settled;
    if (settled <= 0) return undefined;
    const perMs = settled / (last.atMs - first.atMs);
    const since = this.firstOf((s) => s.settled > startSettled);
    const toFetchNow = Math.min(last.toFetch, toFetch ?? last.toFetch);
    const future = this.toDiscover(since, last, last.settled - since.settled, toFetchNow, levelsLeft);
    if (future === undefined) return undefined;
    const tasks = toFetchNow + future;
    const byRecords = tasks / perMs;
    const costs = this.costs(
      first,
      since,
      this.firstOf((s) => s.settled > startRecent),
      last,
    );
    if (!costs) return { tasks: Math.round(tasks), etaMs: Math.round(byRecords) };
    const byCost = (toFetchNow * costs.toFetch + future * costs.discovered) / (perMs * costs.settled);
    const spanMs = last.atMs - first.atMs;
    const notRateBound =
      first.rateHeldMs === undefined || last.rateHeldMs === undefined ? 0 : 1 - shareOf(first.rateHeldMs, last.rateHeldMs, spanMs);
    const workBound = Math.max(shareOf(first.store?.heldMs, last.store?.heldMs, spanMs), notRateBound);
    return { tasks: Math.round(tasks), etaMs: Math.round(workBound * byCost + (1 - workBound) * byRecords) };
  }

  /**
   * The average cost of a record (its kind's rows per record) among those the pace's window settled, and among those
   * to fetch and those the discoveries' window discovered, at what the kind's records settled since `recent` cost
   * (the pace's window's cost for a kind with too few of them); undefined without the store's side in the samples,
   * or when the window's records wrote nothing.
   */
  private costs(
    first: WorkSample,
    since: WorkSample,
    recent: WorkSample,
    last: WorkSample,
  ): { settled: number; toFetch: number; discovered: number } | undefined {
    const [kinds, before, discoveredFrom, recentFrom] = [last.store?.kinds, first.store?.kinds, since.store?.kinds, recent.store?.kinds];
    if (!kinds || !before || !discoveredFrom || !recentFrom) return undefined;
    const all = LANDING_KINDS.reduce((sum, k) => ({ settled: sum.settled + kinds[k].settled, rows: sum.rows + kinds[k].rows }), {
      settled: 0,
      rows: 0,
    });
    if (all.settled === 0) return undefined;
    const meanCost = all.rows / all.settled;
    const cost = (k: LandingKind) => {
      const settled = kinds[k].settled - before[k].settled;
      if (settled >= MIN_KIND_SETTLED) return (kinds[k].rows - before[k].rows) / settled;
      return kinds[k].settled > 0 ? kinds[k].rows / kinds[k].settled : meanCost;
    };
    const recentCost = (k: LandingKind) => {
      const settled = kinds[k].settled - recentFrom[k].settled;
      return settled >= MIN_KIND_SETTLED ? (kinds[k].rows - recentFrom[k].rows) / settled : cost(k);
    };
    const average = (count: (k: LandingKind) => number, costOf = recentCost): number | undefined => {
      const counts = LANDING_KINDS.map((k) => Math.max(0, count(k)));
      const total = counts.reduce((a, b) => a + b, 0);
      return total > 0 ? LANDING_KINDS.reduce((sum, k, i) => sum + counts[i]! * costOf(k), 0) / total : undefined;
    };
    const toFetch = average((k) => kinds[k].toFetch) ?? meanCost;
    const known = (sample: Record<LandingKind, KindSample>, k: LandingKind) => sample[k].settled + sample[k].toFetch;
    // What the window's records cost, against the window's time: the pace in rows.
    const settled = average((k) => kinds[k].settled - before[k].settled, cost) ?? meanCost;
    if (!(settled > 0)) return undefined;
    return {
      settled,
      toFetch,
      discovered: average((k) => known(kinds, k) - known(discoveredFrom, k)) ?? toFetch,
    };
  }

  private toDiscover(first: WorkSample, last: WorkSample, settled: number, toFetch: number, levelsLeft?: number): number | undefined {
    if (levelsLeft !== undefined && levelsLeft <= 0) return 0;
    const known = last.settled + last.toFetch;
    const discovered = known - (first.settled + first.toFetch);
    const listed = last.listed - first.listed;
    if (listed <= 0 || discovered <= 0) return 0;
    const knownShare = 1 - Math.min(1, discovered / listed);
    const byRecapture = knownShare > 0 ? known / knownShare - known : Infinity;
    if (settled <= 0) return 0;
    const yieldPerTask = discovered / settled;
    const generations = generationsOf(yieldPerTask, levelsLeft);
    const byYield = generations === Infinity ? Infinity : toFetch * generations;
    const future = Math.min(byRecapture, byYield);
    return Number.isFinite(future) ? future : undefined;
  }
}

/**
 * The records one record to fetch still discovers when each discovers `y` new ones: y + y^2 + … for the generations
 * the depth leaves (all of them without a bound). With y of 1 or more the sum grows as y^levelsLeft, which says
 * nothing early in a crawl (every reference new): no estimate from it (Infinity), as without a bound, even with one
 * level left, where toFetch × y would overshoot: the records to fetch hold the next level's too, which discover none.
 */
function generationsOf(y: number, levelsLeft: number | undefined): number {
  if (y >= 1) return Infinity;
  return levelsLeft === undefined ? y / (1 - y) : (y * (1 - y ** levelsLeft)) / (1 - y);
}

/** What share of `spanMs` the counter went up by between two samples (0 to 1; 0 when unknown). */
function shareOf(before: number | undefined, after: number | undefined, spanMs: number): number {
  if (before === undefined || after === undefined || spanMs <= 0) return 0;
  return Math.min(1, Math.max(0, (after - before) / spanMs));
}
