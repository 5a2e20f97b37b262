import type { FetchedRecord } from '../client/client.js';
import { LANDING_KINDS, type LandingKind } from '../api/kinds.js';
import type { LandingRef } from '../api/refs.js';
import { beginRun, bootstrap, type CrawlRequest } from './bootstrap.js';
import { type CrawlCounts, type CrawlStatus, countsOf, type FrontierStore, type LockHolder } from './frontier-store.js';
import { finishRun, type RunEnding } from './finish-run.js';
import { FirstAnswers } from './first-answers.js';
import { MassGone } from './mass-gone.js';
import { cleanUri } from '../render/provenance.js';
import { type ErrorCode, isLandingGraphError } from '../errors.js';
import { LevelLoop } from './level-loop.js';
import { ClientEventCounter, type CrawlProgress, progressOf } from './progress.js';
import { type KindSample, RemainingWork, type TimedWorkSample } from './remaining-work.js';
import { type RunContext, runContext } from './run-context.js';
import { RunLedger } from './run-ledger.js';
import { RunStop } from './run-stop.js';
import { inlineSettler, type SettlerFactory } from './settler.js';
import { reuseNotBeforeIso, settlePolicyOf, TaskHandler } from './task-handler.js';
import { type Clock, epochClock } from '../time/clock.js';

export type { CrawlRequest };

/**
 * Set-up mistakes (a wrong address, a wrong path): a crawl its first run created and that stopped on one of these
 * wrote nothing, and is removed instead of recorded `failed`. The address is part of a crawl's identity, so the
 * corrected command starts another crawl: this one would only be litter.
 */
const SET_UP_MISTAKES: readonly ErrorCode[] = ['API_UNREACHED', 'API_MISMATCH'];

export interface CrawlDeps {
  /** Anything that fetches a record: LandingClient, or the record queue's RemoteFetch (which names jobs by crawl). */
  fetch: (ref: LandingRef, crawlId: string) => Promise<FetchedRecord>;
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
  /** The run's clock (epoch ms: it stamps the records), and the waits for an unavailable Neo4j. Default: epochClock. */
  clock?: Clock;
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
  /** How often the records still to fetch are counted in the frontier. Default: 5,000 ms. */
  countIntervalMs?: number;
  /** Where fetched records are settled. Default: inlineSettler (this thread); the CLI uses threadSettler. */
  settler?: SettlerFactory;
  /** Each sample the estimate of the time left is made from, as it is taken (to replay the estimate: bench/eta-replay.ts). */
  onWorkSample?: (sample: TimedWorkSample) => void;
  /**
   * How long the fetches have waited for --rps so far (RequestLimiter.heldForRateMs), for the estimate of the time
   * left; unknown when the fetches are made elsewhere (the record queue's workers).
   */
  heldForRateMs?: () => number;
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

/** What the parts of one run share, from its start to its end. */
interface Run {
  context: RunContext;
  stop: RunStop;
  events: ClientEventCounter;
  startedAtMs: number;
  /** Samples of the work done and known, for the estimate of the time left. */
  remaining: RemainingWork;
  /** A count of the records to fetch is on its way. */
  counting: boolean;
  onWorkSample: ((sample: TimedWorkSample) => void) | undefined;
}

/** How long the crawl has been held so far: by its store (the commit buffer full), and by --rps when known. */
interface HeldFor {
  storeMs: () => number;
  rateMs: (() => number) | undefined;
}

/**
 * Breadth-first crawl, level by level, with a durable frontier: seeds are depth 0; every record within
 * maxDepth hops is fetched once (by page number whenever known); records one hop further become stubs.
 * Each commit writes records and frontier changes in one transaction, so a crash loses only what was in
 * flight and the same call resumes. Throws the fatal error (e.g. API_AUTH) after recording it, and
 * CRAWL_ABORTED after an abort signal once everything in flight is written. Two processes never run the
 * same crawl: the run holds the crawl's lock (see bootstrap), renewed while it runs.
 */
export async function runCrawl(request: CrawlRequest, deps: CrawlDeps): Promise<CrawlResult> {
  const clock = deps.clock ?? epochClock;
  const now = () => clock.now();
  const run: Run = {
    context: runContext(deps.store, request.options.neo4jRetryMs, clock),
    stop: new RunStop(),
    events: deps.events ?? new ClientEventCounter(),
    startedAtMs: now(),
    remaining: new RemainingWork(now),
    counting: false,
    onWorkSample: deps.onWorkSample,
  };
  const { plan, release } = await bootstrap(request, {
    ...run.context,
    lockHolder: deps.lockHolder,
    isProcessAlive: deps.isProcessAlive,
    onLockLost: (error) => run.stop.stop('failed', error),
    startedAtMs: run.startedAtMs,
  });
  let discard = false;
  try {
    const started = await beginRun(plan, run.context);
    const ledger = new RunLedger(countsOf(started), request.options.maxRecords);
    if (plan.action === 'finished') {
      const { store, patiently, iso } = run.context;
      await patiently(() => store.endRun(plan.crawlId, 'finished', {}, null, iso()));
      const progress = progressNow(plan.crawlId, request, ledger, 0, run);
      return {
        crawlId: plan.crawlId,
        status: 'finished',
        alreadyComplete: true,
        resumed: false,
        requeuedFailed: 0,
        progress,
        totals: ledger.totals,
      };
    }
    const { status, progress } = await crawlFrontier(plan.crawlId, request, deps, ledger, run);
    return {
      crawlId: plan.crawlId,
      status,
      alreadyComplete: false,
      resumed: plan.action === 'resume',
      requeuedFailed: started.requeuedFailed,
      progress,
      totals: ledger.totals,
    };
  } catch (error) {
    discard = plan.action === 'create' && SET_UP_MISTAKES.some((code) => isLandingGraphError(error, code));
    throw error;
  } finally {
    await release();
    if (discard) await run.context.patiently(() => deps.store.discard(plan.crawlId)).catch(() => false);
  }
}

/** Run the level loop until the frontier runs out or the run stops, then write what is in flight and record the end. */
async function crawlFrontier(crawlId: string, request: CrawlRequest, deps: CrawlDeps, ledger: RunLedger, run: Run): Promise<RunEnding> {
  const { options } = request;
  const { context, stop } = run;
  const policy = settlePolicyOf(crawlId, options);
  const settler = (deps.settler ?? inlineSettler)(policy);
  const handler = new TaskHandler({
    fetch: deps.fetch,
    settler,
    context,
    policy,
    reuseNotBeforeIso: reuseNotBeforeIso(options, run.startedAtMs),
    ledger,
    stop,
  });
  const loopOptions = {
    crawlId,
    maxDepth: options.maxDepth,
    maxInFlight: deps.maxInFlight ?? 16,
    // Fetched records wait in memory for their commit, at most maxWaitingRecords beyond the commits being
    // written: enough to keep fetching through a slow commit, little enough that a crash re-requests little.
    maxWaitingRecords: Math.max(1, deps.maxWaitingRecords ?? options.commitEvery),
    maxWaitingRawChars: deps.maxWaitingRawChars ?? Infinity,
    commitEvery: options.commitEvery,
    commitIntervalMs: options.commitIntervalMs,
    commitsInFlight: options.commitsInFlight,
    setTimer: deps.setTimer,
  };
  // The base URL is part of the crawl's identity: good answers in earlier runs came from this same service.
  const firstAnswers = new FirstAnswers({
    trusted: ledger.totals.fetched > 0,
    describeService: `the service at ${cleanUri(request.baseUrl) ?? 'its base URL'}`,
  });
  const massGone = new MassGone({ accept: options.acceptMassGone });
  const loop = new LevelLoop(loopOptions, { context, handler, ledger, stop, firstAnswers, massGone });
  const progress = () => progressNow(crawlId, request, ledger, loop.inFlight, run);
  const onAbort = () => stop.stop('interrupted');
  deps.signal?.addEventListener('abort', onAbort);
  if (deps.signal?.aborted) stop.stop('interrupted');
  const ticker = setInterval(() => deps.onProgress?.(progress()), deps.progressIntervalMs ?? 1000);
  ticker.unref();
  const count = () => void countToFetch(crawlId, ledger, run, { storeMs: () => loop.heldForStoreMs, rateMs: deps.heldForRateMs });
  count();
  const counter = setInterval(count, deps.countIntervalMs ?? 5000);
  counter.unref();
  try {
    await loop.run();
  } catch (error) {
    stop.stop('failed', error);
  } finally {
    clearInterval(ticker);
    clearInterval(counter);
    deps.signal?.removeEventListener('abort', onAbort);
  }
  try {
    await loop.drain();
  } finally {
    await settler.close();
  }
  return finishRun({ context, crawlId, ledger, stop, progress });
}

/**
 * Count the records still to fetch in the frontier, and sample the work for the estimate of the time left.
 * The counters are read before the count, so that the sample never holds a commit the count has not seen.
 * A count that fails (Neo4j away) is skipped: the crawl itself waits Neo4j out.
 */
async function countToFetch(crawlId: string, ledger: RunLedger, run: Run, heldFor: HeldFor): Promise<void> {
  if (run.counting) return;
  run.counting = true;
  const settled = ledger.settled();
  const listed = ledger.listed;
  const tallies = structuredClone(ledger.kinds);
  const heldMs = heldFor.storeMs();
  const rateHeldMs = heldFor.rateMs?.();
  try {
    const queuedByKind = await run.context.store.queuedByKind(crawlId);
    const queued = LANDING_KINDS.reduce((sum, kind) => sum + queuedByKind[kind], 0);
    ledger.toFetch = queued;
    const kinds = Object.fromEntries(LANDING_KINDS.map((kind) => [kind, { ...tallies[kind], toFetch: queuedByKind[kind] }]));
    const sample = run.remaining.observe({
      settled,
      toFetch: queued,
      listed,
      store: { heldMs, kinds: kinds as Record<LandingKind, KindSample> },
      ...(rateHeldMs === undefined ? {} : { rateHeldMs }),
    });
    run.onWorkSample?.(sample);
  } catch {
    // the next count will do
  } finally {
    run.counting = false;
  }
}

/** The run's progress report at this moment. */
function progressNow(crawlId: string, request: CrawlRequest, ledger: RunLedger, inFlight: number, run: Run): CrawlProgress {
  const elapsedMs = run.context.now() - run.startedAtMs;
  return progressOf({
    crawlId,
    depth: ledger.depth,
    maxDepth: request.options.maxDepth,
    run: ledger.counters,
    inFlight,
    toFetch: ledger.toFetch,
    retries: run.events.retries,
    rateLimitWaits: run.events.rateLimitWaits,
    elapsedMs,
    left: run.remaining.estimate(ledger.toFetch, request.options.maxDepth - ledger.depth),
  });
}
