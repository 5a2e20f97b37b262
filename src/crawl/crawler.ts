import type { FetchedRecord } from '../api/client.js';
import { type LandingRef, refToString } from '../api/refs.js';
import { isLandingGraphError, LandingGraphError } from '../errors.js';
import { CommitBuffer } from './commit-buffer.js';
import { acquireCrawlLock, LOCK_RENEW_MS } from './crawl-lock.js';
import { DispatchSlots } from './dispatch-slots.js';
import { finalStatus, type StopReason } from './final-status.js';
import { crawlFingerprint } from './fingerprint.js';
import {
  type Commit,
  type CrawlCounts,
  type CrawlStatus,
  countsOf,
  type FrontierStore,
  type FrontierTask,
  type LockHolder,
} from './frontier-store.js';
import type { CrawlOptions } from './options.js';
import { ClientEventCounter, type CrawlProgress, progressOf, type RunCounters } from './progress.js';
import { type SettlePolicy, type Settlement, settleFailed, settleFetched, settleReused, taskRef, taskUid } from './settle.js';
import { UncommittedTasks } from './uncommitted.js';
import { waitOutNeo4j } from './wait-out-neo4j.js';

export interface CrawlRequest {
  seeds: LandingRef[];
  options: CrawlOptions;
  /** The service's base URL: part of the crawl's identity. */
  baseUrl: string;
}

export interface CrawlDeps {
  /** Anything that fetches a record (LandingClient). */
  fetch: (ref: LandingRef) => Promise<FetchedRecord>;
  /** The crawl's durable frontier: CrawlStore on Neo4j, or an in-memory one in unit tests. */
  store: FrontierStore;
  /** Fetches dispatched at once; more only queue in memory. Default: 16. */
  maxInFlight?: number;
  /**
   * Fetched records that may wait for their commit while another commit is written; fetching pauses
   * beyond. Default: the options' commitEvery. See waitingRecordsFor (buffer-size.ts).
   */
  maxWaitingRecords?: number;
  /**
   * Characters of raw answer text that the waiting records may hold (they are most of their memory); fetching
   * pauses beyond, whatever maxWaitingRecords says. Default: no bound. See MAX_WAITING_RAW_CHARS (buffer-size.ts).
   */
  maxWaitingRawChars?: number;
  events?: ClientEventCounter;
  /** Clock (epoch ms). Default: Date.now. */
  now?: () => number;
  /** Default: setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Commit timer. Default: setTimeout; returns a cancel function. */
  setTimer?: (callback: () => void, ms: number) => () => void;
  signal?: AbortSignal;
  onProgress?: (progress: CrawlProgress) => void;
  /** Who runs the crawl, for its lock. Default: this process (a new UUID, pid, host name). */
  lockHolder?: LockHolder;
  /** Whether a process of this host is alive (a dead holder's lock is taken over). Default: kill(pid, 0). */
  isProcessAlive?: (pid: number) => boolean;
  /** Default: 1000. */
  progressIntervalMs?: number;
}

export interface CrawlResult {
  crawlId: string;
  status: CrawlStatus;
  /** The same crawl had finished before and --refresh was not given: nothing was requested. */
  alreadyComplete: boolean;
  resumed: boolean;
  /** Records that had failed in earlier runs (retries spent) and were requested again by this one. */
  requeuedFailed: number;
  /** This run. */
  progress: CrawlProgress;
  /** All runs of the crawl together. */
  totals: CrawlCounts;
}

const PAGE_SIZE = 1000;

/**
 * Breadth-first crawl, level by level, with a durable frontier: seeds are depth 0; every record within
 * maxDepth hops is fetched once (by page number whenever known); records one hop further become stubs.
 * Each commit writes records and frontier changes in one transaction, so a crash loses only what was in
 * flight and the same call resumes. Throws the fatal error (e.g. API_AUTH) after recording it, and
 * CRAWL_ABORTED after an abort signal once everything in flight is written.
 */
export async function runCrawl(request: CrawlRequest, deps: CrawlDeps): Promise<CrawlResult> {
  return new CrawlRun(request, deps).run();
}

class CrawlRun {
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly events: ClientEventCounter;
  private readonly startedAt: number;
  private readonly store: FrontierStore;
  private crawlId = '';
  private policy!: SettlePolicy;
  private totals: CrawlCounts = { requested: 0, fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0 };
  private readonly counters: RunCounters = { fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0, nodesWritten: 0, edgesWritten: 0 };
  /** Records fetched at or after this (ISO) are expanded from the graph, not requested; undefined: never. */
  private readonly reuseNotBeforeIso: string | undefined;
  /** Requests this run has dispatched whose commit has not landed: they count against the budget. */
  private uncommittedRequests = 0;
  /** Tasks that had failed in earlier runs, queued again by this one. */
  private requeuedFailed = 0;
  private depth = 0;
  private queued = 0;
  private stopping: StopReason | undefined;
  private fatal: unknown;
  private readonly commitWaiters: (() => void)[] = [];
  private readonly uncommitted = new UncommittedTasks();
  private readonly slots: DispatchSlots;
  private readonly buffer: CommitBuffer;

  constructor(
    private readonly request: CrawlRequest,
    private readonly deps: CrawlDeps,
  ) {
    this.now = deps.now ?? Date.now;
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.events = deps.events ?? new ClientEventCounter();
    this.store = deps.store;
    this.startedAt = this.now();
    const { refresh, refreshOlderThanMs, maxAgeMs } = request.options;
    const maxAge = refresh ? 0 : (refreshOlderThanMs ?? maxAgeMs);
    this.reuseNotBeforeIso = maxAge > 0 ? new Date(this.startedAt - maxAge).toISOString() : undefined;
    const { commitEvery, commitIntervalMs, commitsInFlight } = request.options;
    // Fetched records wait in memory for their commit, at most maxWaitingRecords beyond the commits being
    // written: enough to keep fetching through a slow commit, little enough that a crash re-requests little.
    const maxWaiting = Math.max(1, deps.maxWaitingRecords ?? commitEvery);
    const maxWaitingRawChars = deps.maxWaitingRawChars ?? Infinity;
    this.slots = new DispatchSlots(
      deps.maxInFlight ?? 16,
      () => this.buffer.waiting < maxWaiting && this.buffer.waitingRawChars < maxWaitingRawChars,
    );
    this.buffer = new CommitBuffer({
      commitEvery,
      commitIntervalMs,
      commitsInFlight,
      setTimer: deps.setTimer,
      write: (commit) => this.write(commit),
      onWritten: (commit) => this.written(commit),
      onFailed: (error) => this.stop('failed', error),
      onRoom: () => this.slots.wake(),
    });
  }

  /** Two processes never run the same crawl: the run holds the crawl's lock, renewed while it runs. */
  async run(): Promise<CrawlResult> {
    const { options, seeds, baseUrl } = this.request;
    const fingerprint = crawlFingerprint(baseUrl, seeds, options);
    const lockDeps = { store: this.store, holder: this.deps.lockHolder, isAlive: this.deps.isProcessAlive, nowIso: () => this.iso() };
    const lock = await this.patiently(() => acquireCrawlLock(fingerprint, lockDeps));
    const renewal = setInterval(() => {
      lock.renew().catch((error: unknown) => {
        if (isLandingGraphError(error, 'CRAWL_LOCKED')) this.stop('failed', error);
      });
    }, LOCK_RENEW_MS);
    renewal.unref();
    try {
      return await this.runLocked(fingerprint);
    } finally {
      clearInterval(renewal);
      await lock.release().catch(() => undefined);
    }
  }

  private async runLocked(fingerprint: string): Promise<CrawlResult> {
    const { options, seeds, baseUrl } = this.request;
    const latest = await this.patiently(() => this.store.latest(fingerprint));
    let resumed = false;
    if (latest?.status === 'finished' && !options.refresh && options.refreshOlderThanMs === undefined) {
      this.crawlId = latest.id;
      this.totals = countsOf(await this.patiently(() => this.store.startRun(latest.id, this.iso())));
      await this.patiently(() => this.store.endRun(latest.id, 'finished', {}, null, this.iso()));
      return {
        crawlId: latest.id,
        status: 'finished',
        alreadyComplete: true,
        resumed: false,
        requeuedFailed: 0,
        progress: this.progress(),
        totals: this.totals,
      };
    }
    if (latest && latest.status !== 'finished') {
      this.crawlId = latest.id;
      resumed = true;
    } else {
      this.crawlId = `${fingerprint}-${this.startedAt.toString(36)}`;
      const unique = new Map(seeds.map((s) => [refToString(s), s]));
      const crawl = {
        id: this.crawlId,
        fingerprint,
        seeds: [...unique.keys()],
        maxDepth: options.maxDepth,
        options: JSON.stringify(options),
        baseUrl,
      };
      const tasks = [...unique.values()].map((s) => ({
        uid: taskUid(this.crawlId, s),
        kind: s.kind,
        id: s.id ?? null,
        key: s.key ?? null,
      }));
      await this.patiently(() => this.store.create(crawl, tasks, this.iso()));
    }
    const started = await this.patiently(() => this.store.startRun(this.crawlId, this.iso()));
    this.totals = countsOf(started);
    this.requeuedFailed = started.requeuedFailed;
    this.policy = {
      crawlId: this.crawlId,
      maxDepth: options.maxDepth,
      follow: new Set(options.follow),
      kinds: new Set(options.kinds),
      maxFanout: options.maxFanout,
      skip: new Set(options.skip),
      aliasKeys: options.follow.includes('contacts') || options.follow.includes('requisites'),
    };

    const onAbort = () => this.stop('interrupted');
    this.deps.signal?.addEventListener('abort', onAbort);
    if (this.deps.signal?.aborted) this.stop('interrupted');
    const ticker = setInterval(() => this.deps.onProgress?.(this.progress()), this.deps.progressIntervalMs ?? 1000);
    ticker.unref();
    try {
      await this.crawlLevels();
    } catch (error) {
      this.stop('failed', error);
    } finally {
      clearInterval(ticker);
      this.deps.signal?.removeEventListener('abort', onAbort);
    }
    return this.finish(resumed);
  }

  /**
   * Level by level, without waiting for a level's last commit: while the records of level d are still
   * being fetched and written, the level d+1 tasks their commits queue are fetched as they land (never
   * d+2 before all of d is written, so depths stay exact; frontier-complete lowers a task queued one
   * level too deep). The service is never idle waiting for Neo4j at a level's end: on reaching level d,
   * the d+1 tasks that commits queued meanwhile go out at once, before waiting for the next commit.
   */
  private async crawlLevels(): Promise<void> {
    const next = async (depth: number) => {
      if (depth < this.request.options.maxDepth) await this.dispatchQueued(depth + 1);
    };
    for (;;) {
      const { depth, queued } = await this.patiently(() => this.store.levels(this.crawlId));
      this.queued = queued;
      if (depth === null || this.stopping) return;
      this.depth = depth;
      await this.dispatchQueued(depth);
      await next(depth);
      while (!this.stopping && this.uncommitted.anyUpTo(depth)) {
        await this.nextCommit();
        await next(depth);
      }
      // Everything up to `depth` is written; a task still queued there was dispatched and failed to
      // commit (the crawl is stopping) or is new at depth + 1: the next turn finds it.
      if (this.stopping) return;
    }
  }

  /** Dispatch the queued tasks at `depth` that are not already on their way, as capacity allows. */
  private async dispatchQueued(depth: number): Promise<void> {
    try {
      await this.dispatchPages(depth);
    } finally {
      this.uncommitted.forgetPage();
    }
  }

  private async dispatchPages(depth: number): Promise<void> {
    let after = '';
    for (;;) {
      this.uncommitted.forgetPage();
      const page = await this.patiently(() => this.store.page(this.crawlId, depth, after, PAGE_SIZE));
      if (page.length === 0) return;
      const fresh = await this.freshOf(page);
      for (const task of page) {
        if (this.uncommitted.taken(task.uid)) continue;
        if (!(await this.slots.acquire(() => this.stopping !== undefined))) return;
        const reuse = fresh.has(task.uid);
        if (!reuse && this.budgetSpent()) {
          this.slots.release();
          this.stop('budget');
          return;
        }
        this.dispatch(task, reuse);
      }
      after = page[page.length - 1]!.uid;
    }
  }

  /** The tasks of a page whose record the graph holds fresher than --max-age (none when it is 0). */
  private async freshOf(page: readonly FrontierTask[]): Promise<Set<string>> {
    const notBefore = this.reuseNotBeforeIso;
    if (notBefore === undefined) return new Set();
    const open = page.filter((task) => !this.uncommitted.taken(task.uid));
    return this.patiently(() => this.store.freshAnswers(open, notBefore));
  }

  /** --max-records counts requests across runs: those committed, and those this run has on their way. */
  private budgetSpent(): boolean {
    const budget = this.request.options.maxRecords;
    return budget !== undefined && this.totals.requested + this.uncommittedRequests >= budget;
  }

  /** Resolves when the next commit has finished (or failed), or when the crawl stops. */
  private nextCommit(): Promise<void> {
    return new Promise<void>((resolve) => this.commitWaiters.push(resolve));
  }

  /** `reuse`: the graph holds a fresh answer, expanded instead of a request (unless it went stale). */
  private dispatch(task: FrontierTask, reuse: boolean): void {
    this.uncommitted.dispatched(task);
    const run = { requested: false };
    void (reuse ? this.reuse(task, run) : this.fetch(task, run))
      .then(
        (settlement) => {
          if (settlement) this.buffer.add(settlement);
          else if (run.requested) this.uncommittedRequests -= 1; // stopped: nothing to commit, asked again on resume
        },
        (error: unknown) => {
          if (run.requested) this.uncommittedRequests -= 1;
          this.stop('failed', error);
        },
      )
      .finally(() => {
        this.slots.release();
        // Nothing else is on its way, so what waits cannot grow: waiting for commitIntervalMs would only
        // leave the service idle (a crawl's first levels, a level's last records).
        if (this.slots.inFlight === 0 && this.buffer.waiting > 0) void this.buffer.flush();
      });
  }

  /** Expand the stored answer; fetch after all if it went stale or no longer passes the schema. */
  private async reuse(task: FrontierTask, run: { requested: boolean }): Promise<Settlement | undefined> {
    const stored = await this.patiently(() => this.store.storedAnswer(task, this.reuseNotBeforeIso ?? ''));
    const settled = stored === undefined ? undefined : settleReused(task, stored, this.policy);
    if (settled) return settled;
    if (this.budgetSpent()) {
      this.stop('budget');
      return undefined;
    }
    return this.fetch(task, run);
  }

  /** Fetch and settle one task; undefined when the crawl must stop (the error is recorded). */
  private async fetch(task: FrontierTask, run: { requested: boolean }): Promise<Settlement | undefined> {
    run.requested = true;
    this.uncommittedRequests += 1;
    try {
      const fetched = await this.deps.fetch(taskRef(task));
      return settleFetched(task, fetched, this.policy);
    } catch (error) {
      if (isLandingGraphError(error) && error.kind === 'skip') return settleFailed(task, error);
      this.stop('failed', error);
      return undefined;
    }
  }

  private async write(commit: Commit): Promise<void> {
    const written = await this.patiently(() => this.store.commit(this.crawlId, commit, this.iso()));
    this.counters.nodesWritten += written.nodes;
    this.counters.edgesWritten += written.edges;
  }

  private written(commit: Commit): void {
    for (const k of ['fetched', 'missing', 'failed', 'invalid', 'reused'] as const) {
      this.totals[k] += commit.counts[k];
      this.counters[k] += commit.counts[k];
    }
    this.totals.requested += commit.counts.requested;
    this.uncommittedRequests -= commit.counts.requested;
    this.queued += commit.queue.length - commit.done.length;
    this.uncommitted.committed(commit.done.map((d) => d.uid));
    this.wakeAll();
  }

  private patiently<T>(operation: () => Promise<T>): Promise<T> {
    return waitOutNeo4j(operation, { maxWaitMs: this.request.options.neo4jRetryMs, now: this.now, sleep: this.sleep });
  }

  private stop(reason: StopReason, error?: unknown): void {
    if (reason === 'failed' && this.stopping !== 'failed') this.fatal = error;
    if (!this.stopping || reason === 'failed') this.stopping = reason;
    this.wakeAll();
  }

  /** Wake the dispatcher and whoever waits for the next commit. */
  private wakeAll(): void {
    this.slots.wake();
    for (const resolve of this.commitWaiters.splice(0)) resolve();
  }

  /** Wait for everything in flight, commit it, record how the run ended; throw what stopped it. */
  private async finish(resumed: boolean): Promise<CrawlResult> {
    await this.slots.idle();
    await this.buffer.flush();
    let frontierEmpty = false;
    if (this.stopping === 'budget') {
      try {
        frontierEmpty = (await this.patiently(() => this.store.levels(this.crawlId))).depth === null;
      } catch (error) {
        this.stop('failed', error);
      }
    }
    const status = finalStatus({ stopping: this.stopping, frontierEmpty, failedRecords: this.totals.failed });
    const progress = this.progress();
    const fatalMessage = this.fatal === undefined ? null : this.fatal instanceof Error ? this.fatal.message : String(this.fatal);
    const stats = {
      runFetched: progress.fetched,
      runMissing: progress.missing,
      runFailed: progress.failed,
      runInvalid: progress.invalid,
      runRetries: progress.retries,
      runRateLimitWaits: progress.rateLimitWaits,
      runElapsedMs: progress.elapsedMs,
    };
    try {
      await this.patiently(() => this.store.endRun(this.crawlId, status, stats, fatalMessage, this.iso()));
    } catch (error) {
      if (this.fatal === undefined) this.fatal = error;
    }
    if (this.fatal !== undefined) {
      throw isLandingGraphError(this.fatal)
        ? this.fatal
        : new LandingGraphError('INTERNAL', `crawl ${this.crawlId} failed: ${fatalMessage}`, { cause: this.fatal });
    }
    if (status === 'interrupted') {
      throw new LandingGraphError(
        'CRAWL_ABORTED',
        `crawl ${this.crawlId} interrupted; what was in flight is written, and the same command resumes it`,
        {
          details: { crawlId: this.crawlId, progress },
        },
      );
    }
    return {
      crawlId: this.crawlId,
      status,
      alreadyComplete: false,
      resumed,
      requeuedFailed: this.requeuedFailed,
      progress,
      totals: this.totals,
    };
  }

  private progress(): CrawlProgress {
    return progressOf({
      crawlId: this.crawlId,
      depth: this.depth,
      maxDepth: this.request.options.maxDepth,
      run: this.counters,
      inFlight: this.slots.inFlight,
      queued: this.queued,
      retries: this.events.retries,
      rateLimitWaits: this.events.rateLimitWaits,
      elapsedMs: this.now() - this.startedAt,
    });
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }
}
