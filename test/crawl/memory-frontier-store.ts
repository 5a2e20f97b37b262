import { LANDING_KINDS, type LandingKind } from '../../src/api/kinds.js';
import type {
  Commit,
  CrawlCounts,
  CrawlStatus,
  FrontierPage,
  FrontierStore,
  FrontierTask,
  LockHolder,
  LockState,
  NewCrawl,
  RunStart,
  TaskState,
  WrittenCounts,
} from '../../src/crawl/frontier-store.js';
import { frontierPosition, frontierRank } from '../../src/crawl/frontier-rank.js';
import { countsOf, crawlGone } from '../../src/crawl/frontier-store.js';
import { LandingGraphError } from '../../src/errors.js';
import type { LandingStatus, NodeRow } from '../../src/graph/model.js';
import { mergePivotBatches } from '../../src/graph/pivots/merge.js';
import { mergeBatches } from '../../src/store/graph-writer.js';

interface StoredCrawl extends NewCrawl, CrawlCounts {
  status: CrawlStatus;
  runs: number;
  /** When it was created (the Neo4j store's startedAt): the newest of a fingerprint is resumed. */
  startedAtMs: number;
  createdAt: number;
  error: string | null;
}

/** What the graph holds of a record (by page number) as far as the frontier reads it: its stored answer. */
interface StoredRecord {
  key: string | null;
  status: LandingStatus;
  /** The stored answer, valid or not; a record gone (404) or failed keeps it, as in the graph. */
  raw: string | null;
  fetchedAtMs: number | null;
  /** The stored answer broke the schema. */
  invalid: boolean;
}

interface StoredTask extends FrontierTask {
  crawlId: string;
  /** As the Neo4j store's: set when queued or seeded, not for an alias (which sorts by its uid if queued again). */
  rank?: string;
  state: 'queued' | TaskState;
  error: string | null;
}

/**
 * The crawl's frontier in memory, with the rules of the Neo4j statements (cypher/crawl-*.cypher,
 * cypher/frontier-*.cypher), so the crawler's policy is unit-tested without a database. Every call
 * goes through `gate` first: a test can hold, fail or count any operation. The contract suite
 * (frontier-store.contract.ts) runs on this store and on CrawlStore, so the two keep the same rules.
 */
export class MemoryFrontierStore implements FrontierStore {
  readonly crawls = new Map<string, StoredCrawl>();
  readonly tasks = new Map<string, StoredTask>();
  /** Every commit written, in order. */
  readonly commits: Commit[] = [];
  /**
   * The graph's records by `kind#id`, written by the rules of cypher/upsert-nodes-by-id.cypher: a fetch
   * writes the answer, a stub changes nothing known, a 404 marks a fetched record gone, a failure keeps it.
   */
  readonly records = new Map<string, StoredRecord>();
  /** `kind:key` -> `kind#id` of the record holding that natural key. */
  private readonly keys = new Map<string, string>();
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
    // Newest by start time, as crawl-latest.cypher orders (of two started at once, the one created last).
    const matching = [...this.crawls.values()]
      .filter((c) => c.fingerprint === fingerprint)
      .sort((a, b) => b.startedAtMs - a.startedAtMs || b.createdAt - a.createdAt);
    const newest = matching[0];
    return newest ? { id: newest.id, status: newest.status } : undefined;
  }

  async create(crawl: NewCrawl, seeds: Omit<FrontierTask, 'depth'>[], nowIso: string): Promise<void> {
    await this.gate('create', [crawl, seeds, nowIso]);
    // Crawl ids are unique (a constraint in Neo4j): the statement fails and writes nothing.
    if (this.crawls.has(crawl.id)) throw new LandingGraphError('NEO4J_CONFLICT', `a crawl ${crawl.id} exists already`);
    const zero = { requested: 0, fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0 };
    const startedAtMs = Date.parse(nowIso);
    this.crawls.set(crawl.id, { ...crawl, ...zero, status: 'running', runs: 0, startedAtMs, createdAt: this.created++, error: null });
    for (const seed of seeds) {
      if (!this.tasks.has(seed.uid))
        this.tasks.set(seed.uid, { ...seed, depth: 0, crawlId: crawl.id, state: 'queued', error: null, rank: frontierRank(seed.uid) });
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

  /** As cypher/history/fresh-answers.cypher: the record by page number, else by key; a valid answer fetched since. */
  private answerOf(task: FrontierTask, notBeforeIso: string): string | undefined {
    const byId = task.id !== null ? this.records.get(`${task.kind}#${task.id}`) : undefined;
    const holder = task.key !== null ? this.keys.get(`${task.kind}:${task.key}`) : undefined;
    const byKey = holder === undefined ? undefined : this.records.get(holder);
    const record = byId ?? (byKey?.key === task.key ? byKey : undefined);
    if (record?.status !== 'fetched' || record.invalid || record.raw === null || record.fetchedAtMs === null) return undefined;
    return record.fetchedAtMs >= Date.parse(notBeforeIso) ? record.raw : undefined;
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

  async queuedByKind(crawlId: string): Promise<Record<LandingKind, number>> {
    await this.gate('queuedByKind', [crawlId]);
    const byKind = Object.fromEntries(LANDING_KINDS.map((kind) => [kind, 0])) as Record<LandingKind, number>;
    for (const task of this.queued(crawlId)) byKind[task.kind] += 1;
    return byKind;
  }

  async page(crawlId: string, depth: number, after: string, limit: number): Promise<FrontierPage> {
    await this.gate('page', [crawlId, depth, after, limit]);
    const page = this.queued(crawlId)
      .map((t) => ({ t, position: frontierPosition(t) }))
      .filter(({ t, position }) => t.depth === depth && position > after)
      .sort((a, b) => (a.position < b.position ? -1 : 1))
      .slice(0, limit);
    return {
      tasks: page.map(({ t: { uid, kind, id, key, depth: d } }) => ({ uid, kind, id, key, depth: d })),
      next: page.at(-1)?.position ?? after,
    };
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
      if (!task) this.tasks.set(q.uid, { ...q, crawlId, state: 'queued', error: null, rank: frontierRank(q.uid) });
      else if ((task.state === 'queued' || task.state === 'done') && q.depth < task.depth) {
        task.state = 'queued';
        task.depth = q.depth;
      }
    }
    const merged = mergeBatches(commit.batches);
    const versions = this.writeRecords(merged.byId, nowIso);
    this.commits.push(commit);
    // Counted as the Neo4j store counts them: rows once merged (a node listed twice is one row), pivots and links.
    const pivots = mergePivotBatches(commit.pivots);
    return {
      nodes: merged.byId.length + merged.byKey.length + pivots.pivots.length,
      edges: merged.edges.length + pivots.links.length + pivots.keyLinks.length,
      versions,
      removed: 0,
    };
  }

  /** The records of a commit, by the rules of cypher/upsert-nodes-by-id.cypher; returns how many answers changed (versions). */
  private writeRecords(rows: readonly NodeRow[], nowIso: string): number {
    let versions = 0;
    for (const row of rows) {
      const id = `${row.kind}#${row.id}`;
      const known = this.records.get(id);
      if (row.status === 'fetched') {
        if (known && known.raw !== null && known.raw !== row.raw) versions += 1;
        const invalid = row.props.schemaError !== undefined && row.props.schemaError !== null;
        this.records.set(id, {
          key: known?.key ?? null,
          status: 'fetched',
          raw: row.raw,
          fetchedAtMs: Date.parse(row.fetchedAt ?? nowIso),
          invalid,
        });
      } else if (!known) {
        this.records.set(id, { key: null, status: row.status, raw: null, fetchedAtMs: null, invalid: false });
      } else if (row.status !== 'stub' && (known.status !== 'fetched' || row.status === 'missing')) {
        // Missing or failed never erase fetched data: failed notes the error, missing marks the record gone.
        known.status = row.status;
      }
      this.keyRecord(id, row);
    }
    return versions;
  }

  /** The natural key: set when new, or when a fetch says otherwise, unless another record holds it. */
  private keyRecord(id: string, row: NodeRow): void {
    const record = this.records.get(id)!;
    if (row.key === null || record.key === row.key || (record.key !== null && row.status !== 'fetched')) return;
    const key = `${row.kind}:${row.key}`;
    const holder = this.keys.get(key);
    if (holder !== undefined && holder !== id && this.records.get(holder)?.key === row.key) return;
    record.key = row.key;
    this.keys.set(key, id);
  }

  async endRun(crawlId: string, status: CrawlStatus, _stats: Record<string, number>, error: string | null, nowIso: string): Promise<void> {
    await this.gate('endRun', [crawlId, status, _stats, error, nowIso]);
    // As the Neo4j store: the end of a run of a crawl deleted meanwhile is nowhere to be written.
    const crawl = this.crawls.get(crawlId);
    if (!crawl) return;
    crawl.status = status;
    crawl.error = error;
  }

  async discard(crawlId: string): Promise<boolean> {
    await this.gate('discard', [crawlId]);
    const crawl = this.crawls.get(crawlId);
    const tasks = [...this.tasks.values()].filter((t) => t.crawlId === crawlId);
    if (!crawl || tasks.some((t) => t.state !== 'queued')) return false;
    for (const task of tasks) this.tasks.delete(task.uid);
    this.crawls.delete(crawlId);
    const kept = [...this.crawls.values()].some((c) => c.fingerprint === crawl.fingerprint);
    if (!kept && this.locks.get(crawl.fingerprint)?.holder === null) this.locks.delete(crawl.fingerprint);
    return true;
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
    if (!crawl) throw crawlGone(crawlId);
    return crawl;
  }
}
