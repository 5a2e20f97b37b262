import { CommitBuffer } from './commit-buffer.js';
import { DispatchSlots } from './dispatch-slots.js';
import type { FirstAnswers } from './first-answers.js';
import type { MassGone } from './mass-gone.js';
import type { Commit, FrontierTask } from './frontier-store.js';
import type { RunContext } from './run-context.js';
import type { RunLedger } from './run-ledger.js';
import type { RunStop } from './run-stop.js';
import { taskRef } from './settle.js';
import { refToString } from '../api/refs.js';
import type { TaskRequest, TaskHandler } from './task-handler.js';
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
  handler: TaskHandler;
  ledger: RunLedger;
  stop: RunStop;
  /** Whether fetched answers may be written yet (the service answered like itself once). */
  firstAnswers: FirstAnswers;
  /** Whether 404s of records fetched before may be written (not too many of them). */
  massGone: MassGone;
}

/**
 * The crawl's task loop: reads the durable frontier level by level, hands its tasks to the handler as
 * the dispatch slots allow, and commits their settlements. It decides only when a task runs; what a task
 * does is the handler's, how the run began and how it ends are bootstrap's and finishRun's.
 */
export class LevelLoop {
  private readonly commitWaiters: (() => void)[] = [];
  private readonly uncommitted = new UncommittedTasks();
  private readonly slots: DispatchSlots;
  private readonly buffer: CommitBuffer;
  /** Settlements of fetched answers held back until one answer looks like the service's (see FirstAnswers). */
  private readonly held: Commit[] = [];
  /** Uids of dispatched tasks whose record held a valid answer before this run (their 404 marks it gone). */
  private readonly answeredBefore = new Set<string>();
  /** Whether the dispatcher is reading the frontier or handing out tasks (more fetches may still come). */
  private dispatching = false;
  /** The run's first answers did not look like the service's: nothing more it fetches is written. */
  private refused = false;

  constructor(
    private readonly options: LevelLoopOptions,
    private readonly parts: LevelLoopParts,
  ) {
    const { maxWaitingRecords, maxWaitingRawChars } = options;
    this.slots = new DispatchSlots(
      options.maxInFlight,
      () => this.buffer.waiting < maxWaitingRecords && this.buffer.waitingRawChars < maxWaitingRawChars,
      parts.context.now,
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
      onEnded: () => this.judgeHeld(),
    });
    parts.stop.onStop(() => this.wakeAll());
  }

  /** Fetches on their way. */
  get inFlight(): number {
    return this.slots.inFlight;
  }

  /** How long fetches have waited for the store, in all (DispatchSlots.heldForStoreMs). */
  get heldForStoreMs(): number {
    return this.slots.heldForStoreMs;
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
      const { depth, queued: toFetch } = await context.patiently(() => context.store.levels(this.options.crawlId));
      ledger.toFetch = toFetch;
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
    // A run stopped for another reason (budget, interrupt) still decides on the gone records it holds.
    if (this.parts.massGone.holding && !this.refused) this.decideGone();
    await this.buffer.flush();
  }

  /** Dispatch the queued tasks at `depth` that are not already on their way, as capacity allows. */
  private async dispatchQueued(depth: number): Promise<void> {
    this.dispatching = true;
    try {
      await this.dispatchPages(depth);
    } finally {
      this.dispatching = false;
      this.uncommitted.forgetPage();
    }
    this.judgeHeld();
  }

  private async dispatchPages(depth: number): Promise<void> {
    const { context, handler, ledger, stop } = this.parts;
    let after = '';
    for (;;) {
      this.uncommitted.forgetPage();
      const { tasks: page, next } = await context.patiently(() => context.store.page(this.options.crawlId, depth, after, PAGE_SIZE));
      if (page.length === 0) return;
      const open = page.filter((task) => !this.uncommitted.taken(task.uid));
      const fresh = await handler.fresh(open);
      for (const uid of await handler.answeredBefore(open.filter((task) => !fresh.has(task.uid)))) this.answeredBefore.add(uid);
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
      after = next;
    }
  }

  /** Resolves when the next commit has finished (or failed), or when the crawl stops. */
  private nextCommit(): Promise<void> {
    return new Promise<void>((resolve) => this.commitWaiters.push(resolve));
  }

  private dispatch(task: FrontierTask, reuse: boolean): void {
    const { handler, ledger, stop } = this.parts;
    this.uncommitted.dispatched(task);
    const request: TaskRequest = { requested: false };
    void handler
      .settle(task, reuse, request)
      .then(
        (settlement) => {
          if (settlement) {
            ledger.tally(task.kind, settlement);
            this.accept(settlement, task);
          } else if (request.requested) ledger.dropped(); // stopped: nothing to commit, asked again on resume
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
        this.judgeHeld();
      });
  }

  /** Commit a settlement, or hold it while no answer of this run has looked like the service's. */
  private accept(settlement: Commit, task: FrontierTask): void {
    if (this.refused) {
      // Answers still on their way when the run refused the service are not written either.
      if (settlement.counts.requested > 0) this.parts.ledger.dropped();
      return;
    }
    const verdict = this.parts.firstAnswers.judge(settlement, () => refToString(taskRef(task)));
    if (verdict === 'write') this.add(settlement);
    else if (verdict === 'release') {
      for (const held of this.held.splice(0)) this.add(held);
      this.add(settlement);
    } else {
      this.held.push(settlement);
      if (verdict === 'refuse') this.refuse();
    }
  }

  /** Commit a settlement the service's answers allow, unless it marks a record gone (MassGone decides at idle). */
  private add(settlement: Commit): void {
    const uid = settlement.done[0]?.uid;
    const wasAnswered = uid !== undefined && this.answeredBefore.delete(uid);
    if (this.parts.massGone.admit(settlement, wasAnswered) === 'write') this.buffer.add(settlement);
  }

  /**
   * When nothing more is on its way (no fetch, no dispatch, no commit that could queue more): every answer held
   * was bad (fewer than judged, but all this run will get), so refuse the service; or decide on the gone records
   * held, which keep their level open until then.
   */
  private judgeHeld(): void {
    const idle = this.slots.inFlight === 0 && !this.dispatching && this.buffer.waiting === 0 && this.buffer.writing === 0;
    if (!idle || this.parts.stop.reason) return;
    if (this.held.length > 0) this.refuse();
    else if (this.parts.massGone.holding) {
      this.decideGone();
      void this.buffer.flush();
    }
  }

  /** Write the gone records held, or drop them all and stop with MASS_GONE (their tasks stay queued). */
  private decideGone(): void {
    const decision = this.parts.massGone.decide();
    if ('release' in decision) {
      for (const settlement of decision.release) this.buffer.add(settlement);
      return;
    }
    this.refused = true;
    for (const _ of decision.refuse) this.parts.ledger.dropped();
    this.parts.stop.stop('failed', decision.error);
  }

  /** Stop without writing the held answers: their tasks stay queued, and the same command asks again. */
  private refuse(): void {
    this.refused = true;
    for (const _ of this.held.splice(0)) this.parts.ledger.dropped();
    this.parts.stop.stop('failed', this.parts.firstAnswers.mismatch());
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
