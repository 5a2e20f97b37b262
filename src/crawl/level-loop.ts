import { CommitBuffer } from './commit-buffer.js';
import { DispatchSlots } from './dispatch-slots.js';
import type { Commit, FrontierTask } from './frontier-store.js';
import type { RunContext } from './run-context.js';
import type { RunLedger } from './run-ledger.js';
import type { RunStop } from './run-stop.js';
import type { TaskRequest, TaskWorker } from './task-worker.js';
import { UncommittedTasks } from './uncommitted.js';

/** Frontier tasks read at once. */
const PAGE_SIZE = 1000;

/** How the loop runs; runCrawl fills in the defaults (see CrawlDeps and CrawlOptions). */
export interface LevelLoopOptions {
  crawlId: string;
  maxDepth: number;
  /** Fetches dispatched at once; more only queue in memory. */
  maxInFlight: number;
  /** Fetched records that may wait for their commit while others are written; fetching pauses beyond. */
  maxWaitingRecords: number;
  /** Characters of raw answer text the waiting records may hold; fetching pauses beyond. */
  maxWaitingRawChars: number;
  /** A commit starts as soon as this many records wait. */
  commitEvery: number;
  /** Longest time a record waits before a commit starts anyway. */
  commitIntervalMs: number;
  /** Commits written at once. */
  commitsInFlight: number;
  /** Commit timer. Default: setTimeout; returns a cancel function. */
  setTimer?: (callback: () => void, ms: number) => () => void;
}

export interface LevelLoopParts {
  context: RunContext;
  /** What is done with each task. */
  worker: TaskWorker;
  ledger: RunLedger;
  stop: RunStop;
}

/**
 * The crawl's task loop: reads the durable frontier level by level, hands its tasks to the worker as
 * the dispatch slots allow, and commits their settlements. It decides only when a task runs; what a task
 * does is the worker's, how the run began and how it ends are bootstrap's and finishRun's.
 */
export class LevelLoop {
  private readonly commitWaiters: (() => void)[] = [];
  private readonly uncommitted = new UncommittedTasks();
  private readonly slots: DispatchSlots;
  private readonly buffer: CommitBuffer;

  constructor(
    private readonly options: LevelLoopOptions,
    private readonly parts: LevelLoopParts,
  ) {
    const { maxWaitingRecords, maxWaitingRawChars } = options;
    this.slots = new DispatchSlots(
      options.maxInFlight,
      () => this.buffer.waiting < maxWaitingRecords && this.buffer.waitingRawChars < maxWaitingRawChars,
    );
    this.buffer = new CommitBuffer({
      commitEvery: options.commitEvery,
      commitIntervalMs: options.commitIntervalMs,
      commitsInFlight: options.commitsInFlight,
      setTimer: options.setTimer,
      write: (commit) => this.write(commit),
      onWritten: (commit) => this.written(commit),
      onFailed: (error) => parts.stop.stop('failed', error),
      onRoom: () => this.slots.wake(),
    });
    parts.stop.onStop(() => this.wakeAll());
  }

  /** Fetches on their way. */
  get inFlight(): number {
    return this.slots.inFlight;
  }

  /**
   * Level by level, without waiting for a level's last commit: while the records of level d are still
   * being fetched and written, the level d+1 tasks their commits queue are fetched as they land (never
   * d+2 before all of d is written, so depths stay exact; frontier-complete lowers a task queued one
   * level too deep). The service is never idle waiting for Neo4j at a level's end: on reaching level d,
   * the d+1 tasks that commits queued meanwhile go out at once, before waiting for the next commit.
   * Returns when the frontier runs out or the run stops, possibly with work still in flight (see drain).
   */
  async run(): Promise<void> {
    const { context, ledger, stop } = this.parts;
    const next = async (depth: number) => {
      if (depth < this.options.maxDepth) await this.dispatchQueued(depth + 1);
    };
    for (;;) {
      const { depth, queued } = await context.patiently(() => context.store.levels(this.options.crawlId));
      ledger.queued = queued;
      if (depth === null || stop.reason) return;
      ledger.depth = depth;
      await this.dispatchQueued(depth);
      await next(depth);
      while (!stop.reason && this.uncommitted.anyUpTo(depth)) {
        await this.nextCommit();
        await next(depth);
      }
      // Everything up to `depth` is written; a task still queued there was dispatched and failed to
      // commit (the crawl is stopping) or is new at depth + 1: the next turn finds it.
      if (stop.reason) return;
    }
  }

  /** Wait for everything in flight and commit it. */
  async drain(): Promise<void> {
    await this.slots.idle();
    await this.buffer.flush();
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
    const { context, worker, ledger, stop } = this.parts;
    let after = '';
    for (;;) {
      this.uncommitted.forgetPage();
      const page = await context.patiently(() => context.store.page(this.options.crawlId, depth, after, PAGE_SIZE));
      if (page.length === 0) return;
      const fresh = await worker.fresh(page.filter((task) => !this.uncommitted.taken(task.uid)));
      for (const task of page) {
        if (this.uncommitted.taken(task.uid)) continue;
        if (!(await this.slots.acquire(() => stop.reason !== undefined))) return;
        const reuse = fresh.has(task.uid);
        if (!reuse && ledger.budgetSpent()) {
          this.slots.release();
          stop.stop('budget');
          return;
        }
        this.dispatch(task, reuse);
      }
      after = page[page.length - 1]!.uid;
    }
  }

  /** Resolves when the next commit has finished (or failed), or when the crawl stops. */
  private nextCommit(): Promise<void> {
    return new Promise<void>((resolve) => this.commitWaiters.push(resolve));
  }

  private dispatch(task: FrontierTask, reuse: boolean): void {
    const { worker, ledger, stop } = this.parts;
    this.uncommitted.dispatched(task);
    const request: TaskRequest = { requested: false };
    void worker
      .settle(task, reuse, request)
      .then(
        (settlement) => {
          if (settlement) this.buffer.add(settlement);
          else if (request.requested) ledger.dropped(); // stopped: nothing to commit, asked again on resume
        },
        (error: unknown) => {
          if (request.requested) ledger.dropped();
          stop.stop('failed', error);
        },
      )
      .finally(() => {
        this.slots.release();
        // Nothing else is on its way, so what waits cannot grow: waiting for commitIntervalMs would only
        // leave the service idle (a crawl's first levels, a level's last records).
        if (this.slots.inFlight === 0 && this.buffer.waiting > 0) void this.buffer.flush();
      });
  }

  private async write(commit: Commit): Promise<void> {
    const { context, ledger } = this.parts;
    ledger.wrote(await context.patiently(() => context.store.commit(this.options.crawlId, commit, context.iso())));
  }

  private written(commit: Commit): void {
    this.parts.ledger.committed(commit);
    this.uncommitted.committed(commit.done.map((d) => d.uid));
    this.wakeAll();
  }

  /** Wake the dispatcher and whoever waits for the next commit. */
  private wakeAll(): void {
    this.slots.wake();
    for (const resolve of this.commitWaiters.splice(0)) resolve();
  }
}
