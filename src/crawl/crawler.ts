import type { FetchedRecord } from '../api/client.js';
import { refToString, type LandingRef } from '../api/refs.js';
import { LandingGraphError, isLandingGraphError } from '../errors.js';
import type { CrawlCounts, CrawlStatus, CrawlStore, FrontierTask } from '../store/crawl-store.js';
import { crawlFingerprint } from './fingerprint.js';
import type { CrawlOptions } from './options.js';
import { ClientEventCounter, type CrawlProgress } from './progress.js';
import { UncommittedTasks } from './uncommitted.js';
import { mergeSettlements, settleFailed, settleFetched, taskRef, taskUid, type Settlement, type SettlePolicy } from './settle.js';

export interface CrawlRequest {
  seeds: LandingRef[];
  options: CrawlOptions;
  /** The service's base URL: part of the crawl's identity. */
  baseUrl: string;
}

export interface CrawlDeps {
  /** Anything that fetches a record (LandingClient). */
  fetch: (ref: LandingRef) => Promise<FetchedRecord>;
  store: CrawlStore;
  /** Requests started at once; more only queue in memory. Default: 16. */
  maxInFlight?: number;
  events?: ClientEventCounter;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  onProgress?: (progress: CrawlProgress) => void;
  /** Default: 1000. */
  progressIntervalMs?: number;
}

export interface CrawlResult {
  crawlId: string;
  status: CrawlStatus;
  /** The same crawl had finished before and --refresh was not given: nothing was requested. */
  alreadyComplete: boolean;
  resumed: boolean;
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
  private crawlId = '';
  private policy!: SettlePolicy;
  private totals: CrawlCounts = { requested: 0, fetched: 0, missing: 0, failed: 0, invalid: 0 };
  private readonly run_ = { fetched: 0, missing: 0, failed: 0, invalid: 0, dispatched: 0, nodesWritten: 0, edgesWritten: 0 };
  private depth = 0;
  private queued = 0;
  private inFlight = 0;
  private pending: Settlement[] = [];
  private committing: Promise<void> = Promise.resolve();
  private stopping: 'interrupted' | 'failed' | 'budget' | undefined;
  private fatal: unknown;
  private readonly waiters: (() => void)[] = [];
  private readonly commitWaiters: (() => void)[] = [];
  private readonly uncommitted = new UncommittedTasks();

  constructor(
    private readonly request: CrawlRequest,
    private readonly deps: CrawlDeps,
  ) {
    this.now = deps.now ?? Date.now;
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.events = deps.events ?? new ClientEventCounter();
    this.startedAt = this.now();
  }

  async run(): Promise<CrawlResult> {
    const { options, seeds, baseUrl } = this.request;
    const fingerprint = crawlFingerprint(baseUrl, seeds, options);
    const store = this.deps.store;
    const latest = await store.latest(fingerprint);
    let resumed = false;
    if (latest?.status === 'finished' && !options.refresh) {
      this.crawlId = latest.id;
      this.totals = await store.startRun(latest.id, this.iso()).then(async (t) => {
        await store.endRun(latest.id, 'finished', {}, null, this.iso());
        return t;
      });
      return {
        crawlId: latest.id,
        status: 'finished',
        alreadyComplete: true,
        resumed: false,
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
      await store.create(
        { id: this.crawlId, fingerprint, seeds: [...unique.keys()], maxDepth: options.maxDepth, options: JSON.stringify(options), baseUrl },
        [...unique.values()].map((s) => ({ uid: taskUid(this.crawlId, s), kind: s.kind, id: s.id ?? null, key: s.key ?? null })),
        this.iso(),
      );
    }
    this.totals = await store.startRun(this.crawlId, this.iso());
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
   * level too deep). The service is never idle waiting for Neo4j at a level's end.
   */
  private async crawlLevels(): Promise<void> {
    for (;;) {
      const { depth, queued } = await this.patiently(() => this.deps.store.levels(this.crawlId));
      this.queued = queued;
      if (depth === null || this.stopping) return;
      this.depth = depth;
      await this.dispatchQueued(depth);
      while (!this.stopping && this.uncommitted.anyUpTo(depth)) {
        await this.nextCommit();
        if (depth < this.request.options.maxDepth) await this.dispatchQueued(depth + 1);
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
    const maxInFlight = this.deps.maxInFlight ?? 16;
    let after = '';
    for (;;) {
      this.uncommitted.forgetPage();
      const page = await this.patiently(() => this.deps.store.page(this.crawlId, depth, after, PAGE_SIZE));
      if (page.length === 0) return;
      for (const task of page) {
        if (this.stopping) return;
        if (this.uncommitted.taken(task.uid)) continue;
        const budget = this.request.options.maxRecords;
        if (budget !== undefined && this.totals.requested + this.run_.dispatched >= budget) {
          this.stop('budget');
          return;
        }
        // Fetched records wait in memory for their commit; at most one commit's worth beyond the one
        // being written, so a crash re-requests little (see the kill tests).
        while (this.inFlight >= maxInFlight || this.pending.length >= this.request.options.commitEvery) {
          await new Promise<void>((resolve) => this.waiters.push(resolve));
          if (this.stopping) return;
        }
        this.dispatch(task);
      }
      after = page[page.length - 1]!.uid;
    }
  }

  /** Resolves when the next commit has finished (or failed), or when the crawl stops. */
  private nextCommit(): Promise<void> {
    return new Promise<void>((resolve) => this.commitWaiters.push(resolve));
  }

  private dispatch(task: FrontierTask): void {
    this.uncommitted.dispatched(task);
    this.inFlight += 1;
    this.run_.dispatched += 1;
    void this.process(task).finally(() => {
      this.inFlight -= 1;
      this.wake();
    });
  }

  private async process(task: FrontierTask): Promise<void> {
    let settlement: Settlement;
    try {
      const fetched = await this.deps.fetch(taskRef(task));
      settlement = settleFetched(task, fetched, this.policy);
    } catch (error) {
      if (isLandingGraphError(error) && error.kind === 'skip') {
        settlement = settleFailed(task, error);
      } else {
        this.stop('failed', error);
        return;
      }
    }
    this.pending.push(settlement);
    if (this.pending.length >= this.request.options.commitEvery) this.scheduleCommit();
    else this.scheduleTimedCommit();
  }

  private commitTimer: NodeJS.Timeout | undefined;
  private scheduleTimedCommit(): void {
    if (this.commitTimer) return;
    this.commitTimer = setTimeout(() => {
      this.commitTimer = undefined;
      this.scheduleCommit();
    }, this.request.options.commitIntervalMs);
  }

  /** Commits run one after another, each taking whatever is pending when it starts. */
  private scheduleCommit(): Promise<void> {
    this.committing = this.committing.then(() => this.commitPending());
    return this.committing;
  }

  private async commitPending(): Promise<void> {
    if (this.pending.length === 0) return;
    const settlements = this.pending;
    this.pending = [];
    this.wake();
    const commit = mergeSettlements(settlements);
    try {
      const written = await this.patiently(() => this.deps.store.commit(this.crawlId, commit, this.iso()));
      this.run_.nodesWritten += written.nodes;
      this.run_.edgesWritten += written.edges;
    } catch (error) {
      // Nothing of this commit was written: its tasks stay queued and a resume fetches them again.
      this.stop('failed', error);
      return;
    }
    for (const k of ['fetched', 'missing', 'failed', 'invalid'] as const) {
      this.totals[k] += commit.counts[k];
      this.run_[k] += commit.counts[k];
    }
    this.totals.requested += commit.counts.requested;
    this.queued += commit.queue.length - commit.done.length;
    this.uncommitted.committed(commit.done.map((d) => d.uid));
    this.wakeAll();
  }

  /**
   * Run a Neo4j operation, waiting out a Neo4j that is unavailable (restarting, failing over) for up to
   * neo4jRetryMs, polling every 2 s at most; any other error, or a longer outage, is thrown.
   */
  private async patiently<T>(operation: () => Promise<T>): Promise<T> {
    const started = this.now();
    for (let attempt = 1; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (!isLandingGraphError(error, 'NEO4J_UNAVAILABLE') || this.now() - started >= this.request.options.neo4jRetryMs) throw error;
        await this.sleep(Math.min(2_000, 250 * 2 ** attempt));
      }
    }
  }

  /** Wait for everything in flight, then commit what is pending. */
  private async drain(): Promise<void> {
    while (this.inFlight > 0) await new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.commitTimer) {
      clearTimeout(this.commitTimer);
      this.commitTimer = undefined;
    }
    await this.scheduleCommit();
  }

  private stop(reason: 'interrupted' | 'failed' | 'budget', error?: unknown): void {
    if (reason === 'failed' && this.stopping !== 'failed') this.fatal = error;
    if (!this.stopping || reason === 'failed') this.stopping = reason;
    this.wakeAll();
  }

  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Wake the dispatcher and whoever waits for the next commit. */
  private wakeAll(): void {
    this.wake();
    for (const resolve of this.commitWaiters.splice(0)) resolve();
  }

  private async finish(resumed: boolean): Promise<CrawlResult> {
    await this.drain().catch((error: unknown) => this.stop('failed', error));
    let status: CrawlStatus;
    if (this.stopping === 'failed') status = 'failed';
    else if (this.stopping === 'interrupted') status = 'interrupted';
    else if (this.stopping === 'budget') status = (await this.deps.store.levels(this.crawlId)).depth === null ? 'finished' : 'budget';
    else status = 'finished';
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
      await this.deps.store.endRun(this.crawlId, status, stats, fatalMessage, this.iso());
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
    return { crawlId: this.crawlId, status, alreadyComplete: false, resumed, progress, totals: this.totals };
  }

  private progress(): CrawlProgress {
    const elapsedMs = this.now() - this.startedAt;
    const settled = this.run_.fetched + this.run_.missing + this.run_.failed + this.run_.invalid;
    const recordsPerSecond = elapsedMs > 0 ? (settled * 1000) / elapsedMs : 0;
    const queued = Math.max(0, this.queued);
    return {
      crawlId: this.crawlId,
      depth: this.depth,
      maxDepth: this.request.options.maxDepth,
      fetched: this.run_.fetched,
      missing: this.run_.missing,
      failed: this.run_.failed,
      invalid: this.run_.invalid,
      inFlight: this.inFlight,
      queued,
      recordsPerSecond,
      retries: this.events.retries,
      rateLimitWaits: this.events.rateLimitWaits,
      nodesWritten: this.run_.nodesWritten,
      edgesWritten: this.run_.edgesWritten,
      elapsedMs,
      etaMs: recordsPerSecond > 0 ? Math.round((queued / recordsPerSecond) * 1000) : undefined,
    };
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }
}
