import type { LandingKind } from '../api/kinds.js';
import type { GraphBatch } from '../graph/model.js';
import type { PivotBatch } from '../graph/pivots/index.js';
import { LandingGraphError } from '../errors.js';

/** One queued fetch of the durable frontier. */
export interface FrontierTask {
  uid: string;
  kind: LandingKind;
  id: number | null;
  key: string | null;
  depth: number;
}

/** One page of a level's queued tasks, and the cursor that reads on after them. */
export interface FrontierPage {
  tasks: FrontierTask[];
  next: string;
}

export type TaskState = 'done' | 'missing' | 'failed' | 'invalid';

/**
 * How a run of a crawl ended. `incomplete`: the frontier is empty but some records failed for good
 * (retries spent); the same command retries them. `budget`: --max-records was reached with work left.
 */
export type CrawlStatus = 'running' | 'finished' | 'incomplete' | 'interrupted' | 'failed' | 'budget';

/** Records requested (fetched + missing + failed + invalid) and their outcomes, all runs together. */
export interface CrawlCounts {
  requested: number;
  fetched: number;
  missing: number;
  failed: number;
  invalid: number;
  /** Records not requested because the graph held an answer fresher than --max-age: requests saved. */
  reused: number;
}

/** Just the counters of a store's row (which may carry more). */
export const countsOf = (c: CrawlCounts): CrawlCounts => ({
  requested: c.requested,
  fetched: c.fetched,
  missing: c.missing,
  failed: c.failed,
  invalid: c.invalid,
  reused: c.reused,
});

/** Everything one flush commits atomically: records, settled tasks, discovered tasks, counters. */
export interface Commit {
  batches: GraphBatch[];
  /** Pivots of the fetched records; their key stubs are in `batches`, written first. */
  pivots: PivotBatch[];
  done: { uid: string; state: TaskState; error: string | null }[];
  /** Other names of a fetched record (page number after a key lookup, key): never to be asked for again. */
  aliases: FrontierTask[];
  queue: FrontierTask[];
  counts: CrawlCounts;
}

export interface NewCrawl {
  id: string;
  fingerprint: string;
  seeds: string[];
  maxDepth: number;
  /** The options as JSON text. */
  options: string;
  baseUrl: string;
}

export interface RunStart extends CrawlCounts {
  /** Runs so far, this one included. */
  runs: number;
  /** Tasks that had failed (retries spent) and are queued again. */
  requeuedFailed: number;
}

/** Who runs a crawl: one process. */
export interface LockHolder {
  /** Unique per run (a random UUID). */
  id: string;
  pid: number;
  host: string;
}

/** The answer to a lock request: acquired, or who holds the lock. */
export interface LockState {
  acquired: boolean;
  holder: LockHolder;
  /** ISO date-times. */
  since: string;
  leaseUntil: string;
}

export interface WrittenCounts {
  nodes: number;
  edges: number;
  /** Records whose stored answer was kept as a version because the new one differs (history). */
  versions: number;
  /** Links that re-fetched records no longer have, kept with removedAt (history). */
  removed: number;
}

/**
 * What the crawler needs of a store: the crawl's record, its durable frontier, and a commit that writes
 * records and frontier changes atomically. Implemented on Neo4j (src/store/crawl-store.ts) and in memory
 * (test/crawl/memory-frontier-store.ts) so that the crawler's policy is tested without a database.
 *
 * Frontier rules every implementation keeps:
 * - a task is queued once per uid; queuing a known uid again only lowers a queued task's depth, or
 *   re-queues a `done` one found nearer the seeds (only after a record that had failed is retried: what
 *   it lists is nearer than the paths that reached it before, so it must be expanded again);
 * - `commit` settles `done` tasks, marks `aliases` done, queues `queue` and adds `counts`, all or nothing;
 * - `startRun` re-queues the tasks that failed in earlier runs (their retries were spent), so the same
 *   command retries them, and returns the counters with those failures taken out.
 */
export interface FrontierStore {
  /**
   * Take the lock of the crawl with this fingerprint for `leaseMs`, unless another holder's lease runs;
   * `staleHolderId`: a holder known to be dead, whose lease may be taken over.
   */
  lock(fingerprint: string, holder: LockHolder, nowIso: string, leaseMs: number, staleHolderId: string | null): Promise<LockState>;
  /** Extend the lease; false when the lock is no longer this holder's. */
  renewLock(fingerprint: string, holderId: string, nowIso: string, leaseMs: number): Promise<boolean>;
  unlock(fingerprint: string, holderId: string, nowIso: string): Promise<void>;
  /** The newest crawl with this fingerprint. */
  latest(fingerprint: string): Promise<{ id: string; status: CrawlStatus } | undefined>;
  /** Record a new crawl with its seeds queued at depth 0. */
  create(crawl: NewCrawl, seeds: Omit<FrontierTask, 'depth'>[], nowIso: string): Promise<void>;
  /**
   * Of these tasks, the uids of those whose record the graph holds as a valid answer fetched at or after
   * `notBeforeIso` (any crawl's): they need no request.
   */
  freshAnswers(tasks: readonly FrontierTask[], notBeforeIso: string): Promise<Set<string>>;
  /** The stored answer (raw text) of a task's record if it is still fresh, else undefined. */
  storedAnswer(task: FrontierTask, notBeforeIso: string): Promise<string | undefined>;
  /** Mark a run as begun, re-queuing failed tasks; returns the crawl's counters so far and how many were re-queued. */
  startRun(crawlId: string, nowIso: string): Promise<RunStart>;
  /** The lowest depth with queued tasks (null: none), and how many tasks are queued in all. */
  levels(crawlId: string): Promise<{ depth: number | null; queued: number }>;
  /** How many tasks are queued, per kind (every kind named, 0 when none). */
  queuedByKind(crawlId: string): Promise<Record<LandingKind, number>>;
  /**
   * At most `limit` queued tasks at `depth` that come after the cursor `after` ('' for the first page), in the
   * order of frontierPosition (src/crawl/frontier-rank.ts: the kinds of a level mixed); `next` is the cursor
   * for the page after this one.
   */
  page(crawlId: string, depth: number, after: string, limit: number): Promise<FrontierPage>;
  /** Write a commit atomically; crawlGone (NEO4J_CONFLICT), and nothing written, when the crawl is not there. */
  commit(crawlId: string, commit: Commit, nowIso: string): Promise<WrittenCounts>;
  /** A run ends with `status`; `stats` are this run's figures. */
  endRun(crawlId: string, status: CrawlStatus, stats: Record<string, number>, error: string | null, nowIso: string): Promise<void>;
  /**
   * Remove a crawl none of whose tasks was settled (its first run wrote nothing): the crawl, its tasks, and its
   * lock once released, unless another crawl of the same fingerprint keeps it. False, and nothing removed, when a
   * task was settled or the crawl is not there.
   */
  discard(crawlId: string): Promise<boolean>;
}

/** What `startRun` and `commit` throw when the crawl is not (or no longer) in the store. */
export function crawlGone(crawlId: string): LandingGraphError {
  return new LandingGraphError('NEO4J_CONFLICT', `crawl ${crawlId} is no longer in the graph (deleted while it ran?); start it again`);
}
