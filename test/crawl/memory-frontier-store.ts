import type {
  Commit,
  CrawlCounts,
  CrawlStatus,
  FrontierStore,
  FrontierTask,
  LockHolder,
  LockState,
  NewCrawl,
  RunStart,
  TaskState,
  WrittenCounts,
} from '../../src/crawl/frontier-store.js';
import { countsOf } from '../../src/crawl/frontier-store.js';

interface StoredCrawl extends NewCrawl, CrawlCounts {
  status: CrawlStatus;
  runs: number;
  createdAt: number;
  error: string | null;
}

interface StoredTask extends FrontierTask {
  crawlId: string;
  state: 'queued' | TaskState;
  error: string | null;
}

/**
 * The crawl's frontier in memory, with the rules of the Neo4j statements (cypher/crawl-*.cypher,
 * cypher/frontier-*.cypher), so the crawler's policy is unit-tested without a database. Every call
 * goes through `gate` first: a test can hold, fail or count any operation.
 */
export class MemoryFrontierStore implements FrontierStore {
  readonly crawls = new Map<string, StoredCrawl>();
  readonly tasks = new Map<string, StoredTask>();
  /** Every commit written, in order. */
  readonly commits: Commit[] = [];
  /** The graph's valid answers by `kind#id` and `kind:key`, with when they were fetched. */
  readonly answers = new Map<string, { raw: string; fetchedAtMs: number }>();
  /** Called before each operation; throw to fail it (nothing is written), await to hold it. */
  gate: (operation: keyof FrontierStore, args: unknown[]) => Promise<void> | void = () => undefined;
  readonly locks = new Map<string, { holder: LockHolder | null; since: string; leaseUntilMs: number }>();
  private created = 0;

  async lock(fingerprint: string, holder: LockHolder, nowIso: string, leaseMs: number, staleHolderId: string | null): Promise<LockState> {
    await this.gate('lock', [fingerprint, holder, nowIso, leaseMs, staleHolderId]);
    const nowMs = Date.parse(nowIso);
    const held = this.locks.get(fingerprint);
    const busy = !!held?.holder && held.holder.id !== holder.id && held.leaseUntilMs > nowMs && held.holder.id !== staleHolderId;
    if (!busy) this.locks.set(fingerprint, { holder, since: nowIso, leaseUntilMs: nowMs + leaseMs });
    const now = this.locks.get(fingerprint)!;
    return { acquired: !busy, holder: now.holder!, since: now.since, leaseUntil: new Date(now.leaseUntilMs).toISOString() };
  }

  async renewLock(fingerprint: string, holderId: string, nowIso: string, leaseMs: number): Promise<boolean> {
    await this.gate('renewLock', [fingerprint, holderId, nowIso, leaseMs]);
    const held = this.locks.get(fingerprint);
    if (held?.holder?.id !== holderId) return false;
    held.leaseUntilMs = Date.parse(nowIso) + leaseMs;
    return true;
  }

  async unlock(fingerprint: string, holderId: string, nowIso: string): Promise<void> {
    await this.gate('unlock', [fingerprint, holderId, nowIso]);
    const held = this.locks.get(fingerprint);
    if (held?.holder?.id === holderId) held.holder = null;
  }

  async latest(fingerprint: string): Promise<{ id: string; status: CrawlStatus } | undefined> {
    await this.gate('latest', [fingerprint]);
    const matching = [...this.crawls.values()].filter((c) => c.fingerprint === fingerprint).sort((a, b) => b.createdAt - a.createdAt);
    const newest = matching[0];
    return newest ? { id: newest.id, status: newest.status } : undefined;
  }

  async create(crawl: NewCrawl, seeds: Omit<FrontierTask, 'depth'>[], nowIso: string): Promise<void> {
    await this.gate('create', [crawl, seeds, nowIso]);
    const zero = { requested: 0, fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0 };
    this.crawls.set(crawl.id, { ...crawl, ...zero, status: 'running', runs: 0, createdAt: this.created++, error: null });
    for (const seed of seeds) {
      if (!this.tasks.has(seed.uid)) this.tasks.set(seed.uid, { ...seed, depth: 0, crawlId: crawl.id, state: 'queued', error: null });
    }
  }

  async freshAnswers(tasks: readonly FrontierTask[], notBeforeIso: string): Promise<Set<string>> {
    await this.gate('freshAnswers', [tasks, notBeforeIso]);
    const fresh = new Set<string>();
    for (const task of tasks) if (this.answerOf(task, notBeforeIso) !== undefined) fresh.add(task.uid);
    return fresh;
  }

  async storedAnswer(task: FrontierTask, notBeforeIso: string): Promise<string | undefined> {
    await this.gate('storedAnswer', [task, notBeforeIso]);
    return this.answerOf(task, notBeforeIso);
  }

  private answerOf(task: FrontierTask, notBeforeIso: string): string | undefined {
    const answer = this.answers.get(task.id !== null ? `${task.kind}#${task.id}` : `${task.kind}:${task.key}`);
    return answer && answer.fetchedAtMs >= Date.parse(notBeforeIso) ? answer.raw : undefined;
  }

  async startRun(crawlId: string, nowIso: string): Promise<RunStart> {
    await this.gate('startRun', [crawlId, nowIso]);
    const crawl = this.crawl(crawlId);
    let requeuedFailed = 0;
    for (const task of this.tasks.values()) {
      if (task.crawlId === crawlId && task.state === 'failed') {
        task.state = 'queued';
        task.error = null;
        requeuedFailed += 1;
      }
    }
    crawl.status = 'running';
    crawl.runs += 1;
    crawl.failed -= requeuedFailed;
    return { ...countsOf(crawl), runs: crawl.runs, requeuedFailed };
  }

  async levels(crawlId: string): Promise<{ depth: number | null; queued: number }> {
    await this.gate('levels', [crawlId]);
    const queued = this.queued(crawlId);
    return { depth: queued.length === 0 ? null : Math.min(...queued.map((t) => t.depth)), queued: queued.length };
  }

  async page(crawlId: string, depth: number, after: string, limit: number): Promise<FrontierTask[]> {
    await this.gate('page', [crawlId, depth, after, limit]);
    return this.queued(crawlId)
      .filter((t) => t.depth === depth && t.uid > after)
      .sort((a, b) => (a.uid < b.uid ? -1 : 1))
      .slice(0, limit)
      .map(({ uid, kind, id, key, depth: d }) => ({ uid, kind, id, key, depth: d }));
  }

  async commit(crawlId: string, commit: Commit, nowIso: string): Promise<WrittenCounts> {
    await this.gate('commit', [crawlId, commit, nowIso]);
    const crawl = this.crawl(crawlId);
    for (const k of ['requested', 'fetched', 'missing', 'failed', 'invalid', 'reused'] as const) crawl[k] += commit.counts[k];
    for (const d of commit.done) {
      const task = this.tasks.get(d.uid);
      if (task) Object.assign(task, { state: d.state, error: d.error });
    }
    for (const a of commit.aliases) {
      const task = this.tasks.get(a.uid) ?? { ...a, crawlId, state: 'done' as const, error: null };
      task.state = 'done';
      this.tasks.set(a.uid, task);
    }
    for (const q of commit.queue) {
      const task = this.tasks.get(q.uid);
      if (!task) this.tasks.set(q.uid, { ...q, crawlId, state: 'queued', error: null });
      else if ((task.state === 'queued' || task.state === 'done') && q.depth < task.depth) {
        task.state = 'queued';
        task.depth = q.depth;
      }
    }
    for (const batch of commit.batches) {
      for (const node of batch.nodes) {
        if (node.status !== 'fetched' || node.raw === null || node.props.schemaError !== undefined) continue;
        const answer = { raw: node.raw, fetchedAtMs: Date.parse(nowIso) };
        if (node.id !== null) this.answers.set(`${node.kind}#${node.id}`, answer);
        if (node.key !== null) this.answers.set(`${node.kind}:${node.key}`, answer);
      }
    }
    this.commits.push(commit);
    const nodes = commit.batches.reduce((n, b) => n + b.nodes.length, 0);
    const edges = commit.batches.reduce((n, b) => n + b.edges.length, 0);
    return { nodes, edges, versions: 0, removed: 0 };
  }

  async endRun(crawlId: string, status: CrawlStatus, _stats: Record<string, number>, error: string | null, nowIso: string): Promise<void> {
    await this.gate('endRun', [crawlId, status, _stats, error, nowIso]);
    const crawl = this.crawl(crawlId);
    crawl.status = status;
    crawl.error = error;
  }

  /** Tasks of a crawl in a state, for assertions. */
  tasksIn(crawlId: string, state: StoredTask['state']): StoredTask[] {
    return [...this.tasks.values()].filter((t) => t.crawlId === crawlId && t.state === state);
  }

  private queued(crawlId: string): StoredTask[] {
    return this.tasksIn(crawlId, 'queued');
  }

  private crawl(crawlId: string): StoredCrawl {
    const crawl = this.crawls.get(crawlId);
    if (!crawl) throw new Error(`no crawl ${crawlId}`);
    return crawl;
  }
}
