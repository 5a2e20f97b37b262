import { type LandingRef, refToString } from '../api/refs.js';
import { acquireCrawlLock, keepRenewed } from './crawl-lock.js';
import { crawlFingerprint } from './fingerprint.js';
import type { CrawlStatus, FrontierTask, LockHolder, NewCrawl, RunStart } from './frontier-store.js';
import type { CrawlOptions } from './options.js';
import type { RunContext } from './run-context.js';
import { taskUid } from './settle.js';

export interface CrawlRequest {
  seeds: LandingRef[];
  options: CrawlOptions;
  /** The service's base URL: part of the crawl's identity. */
  baseUrl: string;
}

/** What this run must do, decided from the newest crawl of the same identity (fingerprint). */
export type RunPlan =
  /** It finished before and no refresh was asked for: request nothing. */
  | { action: 'finished'; crawlId: string }
  /** Its last run did not finish (killed while running, interrupted, failed, out of budget, incomplete): go on with it. */
  | { action: 'resume'; crawlId: string }
  /** None yet, or a refresh of a finished one: record a new crawl with its seeds queued at depth 0. */
  | { action: 'create'; crawlId: string; crawl: NewCrawl; seeds: Omit<FrontierTask, 'depth'>[] };

export interface BootstrapDeps extends RunContext {
  /** Who runs the crawl, for its lock. Default: this process (a new UUID, pid, host name). */
  lockHolder?: LockHolder;
  /** Whether a process of this host is alive (a dead holder's lock is taken over). Default: kill(pid, 0). */
  isProcessAlive?: (pid: number) => boolean;
  /** Hears CRAWL_LOCKED when another process takes the lock over while this run holds it. */
  onLockLost: (error: unknown) => void;
  /** When the run started (epoch ms): a new crawl's id ends with it. */
  startedAtMs: number;
}

export interface Bootstrap {
  plan: RunPlan;
  /** Stop renewing the crawl's lock and release it; never throws. */
  release: () => Promise<void>;
}

/**
 * Take the crawl's lock (two processes never run the same crawl; it is renewed until released, and
 * CRAWL_LOCKED is thrown while another live process holds it), then decide what this run must do.
 * Writes nothing but the lock; the lock is released again when the decision cannot be read.
 */
export async function bootstrap(request: CrawlRequest, deps: BootstrapDeps): Promise<Bootstrap> {
  const { options, seeds, baseUrl } = request;
  const fingerprint = crawlFingerprint(baseUrl, seeds, options);
  const lockDeps = { store: deps.store, holder: deps.lockHolder, isAlive: deps.isProcessAlive, nowIso: deps.iso };
  const lock = await deps.patiently(() => acquireCrawlLock(fingerprint, lockDeps));
  const release = keepRenewed(lock, deps.onLockLost);
  try {
    const latest = await deps.patiently(() => deps.store.latest(fingerprint));
    return { plan: planRun(request, fingerprint, latest, deps.startedAtMs), release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** The plan for a crawl whose newest run with this fingerprint is `latest` (undefined: never run). Pure. */
export function planRun(
  request: CrawlRequest,
  fingerprint: string,
  latest: { id: string; status: CrawlStatus } | undefined,
  startedAtMs: number,
): RunPlan {
  const { options, seeds, baseUrl } = request;
  if (latest?.status === 'finished' && !options.refresh && options.refreshOlderThanMs === undefined) {
    return { action: 'finished', crawlId: latest.id };
  }
  if (latest && latest.status !== 'finished') return { action: 'resume', crawlId: latest.id };
  const crawlId = `${fingerprint}-${startedAtMs.toString(36)}`;
  const unique = new Map(seeds.map((s) => [refToString(s), s]));
  const crawl = {
    id: crawlId,
    fingerprint,
    seeds: [...unique.keys()],
    maxDepth: options.maxDepth,
    options: JSON.stringify(options),
    baseUrl,
  };
  const tasks = [...unique.values()].map((s) => ({
    uid: taskUid(crawlId, s),
    kind: s.kind,
    id: s.id ?? null,
    key: s.key ?? null,
  }));
  return { action: 'create', crawlId, crawl, seeds: tasks };
}

/**
 * Begin the run the plan describes: record the crawl if it is new, then start its run, which queues the
 * tasks that failed in earlier runs again. Returns the crawl's counters so far.
 */
export async function beginRun(plan: RunPlan, context: RunContext): Promise<RunStart> {
  const { store, patiently, iso } = context;
  if (plan.action === 'create') await patiently(() => store.create(plan.crawl, plan.seeds, iso()));
  return patiently(() => store.startRun(plan.crawlId, iso()));
}
