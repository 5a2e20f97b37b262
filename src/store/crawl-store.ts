import type { Driver } from 'neo4j-driver';
import { isLandingKind, LANDING_KINDS, type LandingKind } from '../api/kinds.js';
import {
  type Commit,
  type CrawlStatus,
  crawlGone,
  type FrontierPage,
  type FrontierStore,
  type FrontierTask,
  type LockHolder,
  type LockState,
  type NewCrawl,
  type RunStart,
  type WrittenCounts,
} from '../crawl/frontier-store.js';
import { frontierRank } from '../crawl/frontier-rank.js';
import { LandingGraphError } from '../errors.js';
import { inWriteTransaction, runNamed } from './executor.js';
import { writeAnswers } from './answer-writer.js';
import { QueuedTasks } from './queued-tasks.js';

/**
 * A commit that has not finished after this long is ended by Neo4j and retried (it is idempotent), so a
 * hung transaction cannot stall a crawl for hours; a healthy commit of 100 records takes well under 10 s.
 */
const COMMIT_TIMEOUT_MS = 180_000;
/** The same for the crawl's small statements (frontier reads, run bookkeeping): they take milliseconds. */
const STATEMENT_TIMEOUT_MS = 60_000;

/**
 * The crawl's state in Neo4j: the :Crawl record and its frontier of :CrawlTask nodes. Keeping the
 * frontier in the graph makes every commit atomic with the records it wrote (kill -9 loses at most
 * what was in flight) and lets several workers share one frontier later.
 */
export class CrawlStore implements FrontierStore {
  /** What committed transactions queued, so that a commit does not queue it again (queued-tasks.ts). */
  private readonly queued = new QueuedTasks();

  constructor(
    private readonly driver: Driver,
    private readonly database?: string,
  ) {}

  private get opts() {
    return { ...(this.database ? { database: this.database } : {}), timeoutMs: STATEMENT_TIMEOUT_MS };
  }

  async lock(fingerprint: string, holder: LockHolder, nowIso: string, leaseMs: number, staleHolderId: string | null): Promise<LockState> {
    const [row] = await runNamed(
      this.driver,
      'crawl-lock',
      { fingerprint, holder, now: nowIso, leaseMs, staleHolder: staleHolderId },
      this.opts,
    );
    if (!row) throw new LandingGraphError('INTERNAL', `the crawl lock statement returned nothing for ${fingerprint}`);
    return {
      acquired: row.acquired === true,
      holder: { id: String(row.holder), pid: Number(row.pid), host: String(row.host) },
      since: String(row.since),
      leaseUntil: String(row.leaseUntil),
    };
  }

  async renewLock(fingerprint: string, holderId: string, nowIso: string, leaseMs: number): Promise<boolean> {
    const [row] = await runNamed(this.driver, 'crawl-lock-renew', { fingerprint, holderId, now: nowIso, leaseMs }, this.opts);
    return Number(row?.renewed ?? 0) > 0;
  }

  async unlock(fingerprint: string, holderId: string, nowIso: string): Promise<void> {
    await runNamed(this.driver, 'crawl-unlock', { fingerprint, holderId, now: nowIso }, this.opts);
  }

  async freshAnswers(tasks: readonly FrontierTask[], notBeforeIso: string): Promise<Set<string>> {
    if (tasks.length === 0) return new Set();
    const rows = await runNamed(
      this.driver,
      'history/fresh-answers',
      { tasks: tasks.map(({ uid, kind, id, key }) => ({ uid, kind, id, key })), notBefore: notBeforeIso },
      { ...this.opts, mode: 'read' },
    );
    return new Set(rows.map((row) => String(row.uid)));
  }

  async storedAnswer(task: FrontierTask, notBeforeIso: string): Promise<string | undefined> {
    const { kind, id, key } = task;
    const [row] = await runNamed(
      this.driver,
      'history/stored-answer',
      { task: { kind, id, key }, notBefore: notBeforeIso },
      { ...this.opts, mode: 'read' },
    );
    return typeof row?.raw === 'string' ? row.raw : undefined;
  }

  async latest(fingerprint: string): Promise<{ id: string; status: CrawlStatus } | undefined> {
    const rows = await runNamed(this.driver, 'crawl-latest', { fingerprint }, { ...this.opts, mode: 'read' });
    const row = rows[0];
    return row ? { id: String(row.id), status: row.status as CrawlStatus } : undefined;
  }

  async create(crawl: NewCrawl, seeds: Omit<FrontierTask, 'depth'>[], nowIso: string): Promise<void> {
    await runNamed(this.driver, 'crawl-create', { crawl, tasks: ranked(seeds), now: nowIso }, this.opts);
  }

  /** Mark a run as begun and queue again what failed before; returns the crawl's counters so far. */
  async startRun(crawlId: string, nowIso: string): Promise<RunStart> {
    const [row] = await runNamed(this.driver, 'crawl-start-run', { crawlId, now: nowIso }, this.opts);
    if (!row) throw crawlGone(crawlId);
    return row as unknown as RunStart;
  }

  async levels(crawlId: string): Promise<{ depth: number | null; queued: number }> {
    const [row] = await runNamed(this.driver, 'frontier-levels', { crawlId }, { ...this.opts, mode: 'read' });
    return { depth: (row?.depth as number | null) ?? null, queued: Number(row?.queued ?? 0) };
  }

  async queuedByKind(crawlId: string): Promise<Record<LandingKind, number>> {
    const rows = await runNamed(this.driver, 'frontier-queued-by-kind', { crawlId }, { ...this.opts, mode: 'read' });
    const byKind = Object.fromEntries(LANDING_KINDS.map((kind) => [kind, 0])) as Record<LandingKind, number>;
    for (const row of rows) if (typeof row.kind === 'string' && isLandingKind(row.kind)) byKind[row.kind] = Number(row.queued);
    return byKind;
  }

  async page(crawlId: string, depth: number, after: string, limit: number): Promise<FrontierPage> {
    const rows = await runNamed(this.driver, 'frontier-page', { crawlId, depth, after, limit }, { ...this.opts, mode: 'read' });
    const tasks = rows.map(({ uid, kind, id, key, depth: d }) => ({ uid, kind, id, key, depth: d })) as unknown as FrontierTask[];
    return { tasks, next: rows.length > 0 ? String(rows[rows.length - 1]!.position) : after };
  }

  /** One transaction: the records, then the tasks, so that a crash leaves both or neither. */
  async commit(crawlId: string, commit: Commit, nowIso: string): Promise<WrittenCounts> {
    const queue = this.queued.worthSending(crawlId, commit.queue);
    const written = await inWriteTransaction(
      this.driver,
      async (tx) => {
        const written = await writeAnswers(tx, commit.batches, commit.pivots, nowIso);
        const [crawl] = await runNamed(tx, 'frontier-complete', {
          crawlId,
          done: commit.done,
          aliases: commit.aliases,
          queue: ranked(queue),
          counts: commit.counts,
          now: nowIso,
        });
        // Without its :Crawl the statement settles nothing: the records must not be written without their tasks.
        if (!crawl) throw crawlGone(crawlId);
        return written;
      },
      { ...this.opts, timeoutMs: COMMIT_TIMEOUT_MS },
      'writing crawled records',
    );
    this.queued.remember(crawlId, queue);
    return written;
  }

  async endRun(crawlId: string, status: CrawlStatus, stats: Record<string, number>, error: string | null, nowIso: string): Promise<void> {
    await runNamed(this.driver, 'crawl-end-run', { crawlId, status, stats, error, now: nowIso }, this.opts);
  }

  async discard(crawlId: string): Promise<boolean> {
    const [row] = await runNamed(this.driver, 'crawl-discard', { crawlId }, this.opts);
    return Number(row?.discarded ?? 0) > 0;
  }
}

/** Tasks with their rank, the place in their level's page order that frontier-page reads. */
function ranked<T extends { uid: string }>(tasks: readonly T[]): (T & { rank: string })[] {
  return tasks.map((task) => ({ ...task, rank: frontierRank(task.uid) }));
}
