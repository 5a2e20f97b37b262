import type { FetchedRecord } from '../client/client.js';
import type { LandingRef } from '../api/refs.js';
import { isLandingGraphError } from '../errors.js';
import type { FrontierTask, Commit } from './frontier-store.js';
import type { CrawlOptions } from './options.js';
import type { RunContext } from './run-context.js';
import type { RunLedger } from './run-ledger.js';
import type { RunStop } from './run-stop.js';
import { type SettlePolicy, settleFailed, settleReused, taskRef } from './settle.js';
import type { Settler } from './settler.js';

export interface TaskHandlerDeps {
  /** Anything that fetches a record: LandingClient, or the record queue's RemoteFetch (which names jobs by crawl). */
  fetch: (ref: LandingRef, crawlId: string) => Promise<FetchedRecord>;
  /** Settles what was fetched (settleFetched, here or in a worker thread). */
  settler: Settler;
  context: RunContext;
  policy: SettlePolicy;
  /** Records fetched at or after this (ISO) are expanded from the graph, not requested; undefined: never. */
  reuseNotBeforeIso: string | undefined;
  ledger: RunLedger;
  stop: RunStop;
}

/** Earlier than any fetch: freshAnswers(tasks, EVER) names the tasks whose record holds any valid answer. */
const EVER = '1970-01-01T00:00:00.000Z';

/** Set once settling a task has sent a request: it counts against the budget until committed or dropped. */
export interface TaskRequest {
  requested: boolean;
}

/** What the settle steps follow, from the crawl's options. */
export function settlePolicyOf(crawlId: string, options: CrawlOptions): SettlePolicy {
  return {
    crawlId,
    maxDepth: options.maxDepth,
    follow: new Set(options.follow),
    kinds: new Set(options.kinds),
    maxFanout: options.maxFanout,
    skip: new Set(options.skip),
    aliasKeys: options.follow.includes('contacts') || options.follow.includes('requisites'),
  };
}

/**
 * From when (ISO) a stored answer is fresh enough to be expanded instead of requested: --max-age back from
 * the run's start, --refresh-older-than instead when given; undefined (never) under --refresh or a zero age.
 */
export function reuseNotBeforeIso(options: CrawlOptions, startedAtMs: number): string | undefined {
  const { refresh, refreshOlderThanMs, maxAgeMs } = options;
  const maxAge = refresh ? 0 : (refreshOlderThanMs ?? maxAgeMs);
  return maxAge > 0 ? new Date(startedAtMs - maxAge).toISOString() : undefined;
}

/**
 * The crawl's policy for one task, apart from the loop that runs the tasks: expand the graph's fresh
 * answer (--max-age) or fetch, within the budget; a per-record error (404, retries spent) settles the
 * task, any other stops the run.
 */
export class TaskHandler {
  constructor(private readonly deps: TaskHandlerDeps) {}

  /** The tasks (of a frontier page) whose record the graph holds fresher than --max-age (none when it is 0). */
  async fresh(tasks: readonly FrontierTask[]): Promise<Set<string>> {
    const notBefore = this.deps.reuseNotBeforeIso;
    if (notBefore === undefined) return new Set();
    return this.deps.context.patiently(() => this.deps.context.store.freshAnswers(tasks, notBefore));
  }

  /** The tasks (of a frontier page) whose record holds a valid answer from before: a 404 now marks it gone. */
  answeredBefore(tasks: readonly FrontierTask[]): Promise<Set<string>> {
    return this.deps.context.patiently(() => this.deps.context.store.freshAnswers(tasks, EVER));
  }

  /**
   * Settle one task; `reuse`: the graph holds a fresh answer, expanded instead of a request (unless it went
   * stale). Undefined when the crawl must stop (the reason is recorded); `request` tells whether one was sent.
   */
  settle(task: FrontierTask, reuse: boolean, request: TaskRequest): Promise<Commit | undefined> {
    return reuse ? this.reuse(task, request) : this.fetch(task, request);
  }

  /** Expand the stored answer; fetch after all if it went stale or no longer passes the schema. */
  private async reuse(task: FrontierTask, request: TaskRequest): Promise<Commit | undefined> {
    const { context, policy, ledger, stop } = this.deps;
    const stored = await context.patiently(() => context.store.storedAnswer(task, this.deps.reuseNotBeforeIso ?? ''));
    const settled = stored === undefined ? undefined : settleReused(task, stored, policy);
    if (settled) return settled;
    if (ledger.budgetSpent()) {
      stop.stop('budget');
      return undefined;
    }
    return this.fetch(task, request);
  }

  private async fetch(task: FrontierTask, request: TaskRequest): Promise<Commit | undefined> {
    request.requested = true;
    this.deps.ledger.requested();
    try {
      const fetched = await this.deps.fetch(taskRef(task), this.deps.policy.crawlId);
      return await this.deps.settler.settle(task, fetched);
    } catch (error) {
      if (isLandingGraphError(error) && error.kind === 'skip') return settleFailed(task, error);
      this.deps.stop.stop('failed', error);
      return undefined;
    }
  }
}
