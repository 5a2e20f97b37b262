import type { LandingKind } from '../api/kinds.js';
import type { Commit, CrawlCounts, WrittenCounts } from './frontier-store.js';
import type { RunCounters } from './progress.js';

/** Tasks of one kind this run settled, and the rows their settlements hold. */
export interface KindTally {
  settled: number;
  rows: number;
}

const NONE: KindTally = { settled: 0, rows: 0 };

/**
 * A run's accounting: the crawl's counters (all runs, as committed), this run's, the requests on their
 * way (they count against --max-records until their commit lands) and where the frontier stands.
 */
export class RunLedger {
  /** This run's outcomes and writes, as committed. */
  readonly counters: RunCounters = { fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0, nodesWritten: 0, edgesWritten: 0 };
  /** The depth level being crawled. */
  depth = 0;
  /**
   * Records still to fetch: the tasks queued in the frontier (all levels), counted there now and then and
   * lowered by the tasks each commit settles between. A commit's queue rows are not added: most name a
   * record already queued or fetched, and the next count finds the new ones.
   */
  toFetch = 0;
  /** References the records this run settled listed (queue rows, repeats included), for RemainingWork. */
  listed = 0;
  /** This run's settled tasks per kind, and the rows (nodes, links, pivots) their commits write: what a kind costs. */
  readonly kinds: Record<LandingKind, KindTally> = { domain: { ...NONE }, company: { ...NONE }, email: { ...NONE }, phone: { ...NONE } };
  /** Requests this run has dispatched whose commit has not landed. */
  private uncommittedRequests = 0;

  /**
   * `totals`: the crawl's counters when the run started (all runs together), kept up by this run's commits.
   * `maxRecords`: the budget of requests, all runs together; undefined: none.
   */
  constructor(
    readonly totals: CrawlCounts,
    private readonly maxRecords: number | undefined,
  ) {}

  /** --max-records counts requests across runs: those committed, and those this run has on their way. */
  budgetSpent(): boolean {
    return this.maxRecords !== undefined && this.totals.requested + this.uncommittedRequests >= this.maxRecords;
  }

  /** A request is about to leave. */
  requested(): void {
    this.uncommittedRequests += 1;
  }

  /** A request that will never be committed (the run stopped first): the same command asks it again. */
  dropped(): void {
    this.uncommittedRequests -= 1;
  }

  /** Tasks settled, all runs: fetched, missing, failed, invalid and reused. */
  settled(): number {
    const t = this.totals;
    return t.fetched + t.missing + t.failed + t.invalid + t.reused;
  }

  /** A task of `kind` settled into `settlement` (counted when settled, before its commit: the tallies weigh kinds). */
  tally(kind: LandingKind, settlement: Commit): void {
    const tally = this.kinds[kind];
    tally.settled += 1;
    for (const batch of settlement.batches) tally.rows += batch.nodes.length + batch.edges.length;
    for (const pivots of settlement.pivots) tally.rows += pivots.pivots.length + pivots.links.length + pivots.keyLinks.length;
  }

  wrote(written: Pick<WrittenCounts, 'nodes' | 'edges'>): void {
    this.counters.nodesWritten += written.nodes;
    this.counters.edgesWritten += written.edges;
  }

  /** A commit landed: its requests leave the uncommitted ones for the totals. */
  committed(commit: Commit): void {
    for (const k of ['fetched', 'missing', 'failed', 'invalid', 'reused'] as const) {
      this.totals[k] += commit.counts[k];
      this.counters[k] += commit.counts[k];
    }
    this.totals.requested += commit.counts.requested;
    this.uncommittedRequests -= commit.counts.requested;
    this.toFetch = Math.max(0, this.toFetch - commit.done.length);
    this.listed += commit.queue.length;
  }
}
