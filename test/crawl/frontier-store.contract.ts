/**
 * The rules of a crawl's durable frontier (src/crawl/frontier-store.ts), written once and run on every
 * FrontierStore: the in-memory one of the unit tests (memory-frontier-store.test.ts) and CrawlStore on Neo4j
 * (test/store/crawl-store.int.test.ts), so that the fake the crawler's unit tests trust cannot drift from the
 * real store. Everything goes through the interface; commits are built by the crawler's own pure settle steps
 * (settle.ts) from full records, as a crawl builds them.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LandingKind } from '../../src/api/kinds.js';
import type { LandingRef } from '../../src/api/refs.js';
import type { Commit, CrawlStatus, FrontierTask, FrontierStore, LockHolder, NewCrawl } from '../../src/crawl/frontier-store.js';
import type { CrawlFollow } from '../../src/crawl/options.js';
import { type SettlePolicy, settleFailed, settleFetched, taskUid } from '../../src/crawl/settle.js';
import { LandingGraphError } from '../../src/errors.js';
import { mergePivotBatches } from '../../src/graph/pivots/merge.js';
import { mergeBatches } from '../../src/store/graph-writer.js';
import { fullRecord } from '../api/schemas/records.js';

/** A store under test, fresh for each test. */
export interface FrontierStoreSubject {
  store: FrontierStore;
  /**
   * `commit`, made so that the store fails to write it once it has begun (the Neo4j store: a row Neo4j
   * refuses, after the records were written in the same transaction). The contract expects no trace of it.
   */
  failing(commit: Commit): Commit;
}

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const MINUTE = 60_000;
const ZERO = { requested: 0, fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0 };
const STATUSES: CrawlStatus[] = ['running', 'finished', 'incomplete', 'interrupted', 'failed', 'budget'];

/** A commit with nothing in it but `parts`. */
function commitOf(parts: Partial<Commit>): Commit {
  return { batches: [], pivots: [], done: [], aliases: [], queue: [], counts: { ...ZERO }, ...parts };
}

/** Tasks in uid order, to compare sets of them. */
const byUid = (tasks: readonly FrontierTask[]): FrontierTask[] => [...tasks].sort((a, b) => (a.uid < b.uid ? -1 : 1));

function policyOf(crawlId: string, maxDepth = 2): SettlePolicy {
  return {
    crawlId,
    maxDepth,
    follow: new Set<CrawlFollow>(['related', 'similar', 'competitor']),
    kinds: new Set<LandingKind>(['domain', 'company', 'email', 'phone']),
    maxFanout: undefined,
    skip: new Set(),
    aliasKeys: false,
  };
}

/**
 * The contract. `name` labels the suite; `makeSubject` gives a fresh store for each test (crawl ids,
 * fingerprints and task uids are unique per test, so stores that share a database do not see each other's
 * crawls; the graph's answers are shared, so a store on a database should start from an empty graph).
 */
export function frontierStoreContract(name: string, makeSubject: () => Promise<FrontierStoreSubject>): void {
  describe(`FrontierStore contract: ${name}`, () => {
    /** A fresh store and names no other test uses. */
    async function setUp() {
      const subject = await makeSubject();
      const run = randomUUID().slice(0, 8);
      let crawls = 0;
      const newCrawl = (fingerprint = `fp-${run}`): NewCrawl => ({
        id: `${fingerprint}-crawl-${crawls++}`,
        fingerprint,
        seeds: [],
        maxDepth: 2,
        options: '{"maxDepth":2}',
        baseUrl: 'http://sandbox.test',
      });
      const row = (crawlId: string, ref: LandingRef, depth: number): FrontierTask => ({
        uid: taskUid(crawlId, ref),
        kind: ref.kind,
        id: ref.id ?? null,
        key: ref.key ?? null,
        depth,
      });
      const seed = (crawlId: string, ref: LandingRef) => {
        const { depth: _depth, ...task } = row(crawlId, ref, 0);
        return task;
      };
      /** A crawl created with `seeds` (page numbers of domains) and its first run started. */
      const started = async (seeds: number[], fingerprint?: string) => {
        const crawl = newCrawl(fingerprint);
        const refs = seeds.map((id) => seed(crawl.id, { kind: 'domain', id }));
        await subject.store.create({ ...crawl, seeds: refs.map((r) => r.uid) }, refs, at(0));
        await subject.store.startRun(crawl.id, at(1));
        return crawl.id;
      };
      /** One level's queued tasks in page order, read by pages of `limit`. */
      const level = async (crawlId: string, depth: number, limit = 2): Promise<FrontierTask[]> => {
        const out: FrontierTask[] = [];
        let after = '';
        for (;;) {
          const page = await subject.store.page(crawlId, depth, after, limit);
          expect(page.tasks.length).toBeLessThanOrEqual(limit);
          if (page.tasks.length === 0) break;
          out.push(...page.tasks);
          after = page.next;
        }
        return out;
      };
      /** The whole queued frontier, read by levels and pages of 2: `ref@depth`, sorted per depth (the order is tested apart). */
      const frontier = async (crawlId: string): Promise<string[]> => {
        const out: string[] = [];
        for (let depth = 0; depth <= 6; depth++)
          out.push(...(await level(crawlId, depth)).map((t) => `${t.uid.slice(crawlId.length + 1)}@${t.depth}`).sort());
        return out;
      };
      return { ...subject, run, newCrawl, row, seed, started, level, frontier };
    }

    describe('a crawl and its runs', () => {
      it('has no crawl for an unknown fingerprint', async () => {
        const { store, run } = await setUp();
        expect(await store.latest(`nothing-${run}`)).toBeUndefined();
      });

      it('creates a crawl running, with its seeds queued once each at depth 0', async () => {
        const { store, newCrawl, seed, frontier } = await setUp();
        const crawl = newCrawl();
        const seeds = [seed(crawl.id, { kind: 'domain', id: 7 }), seed(crawl.id, { kind: 'company', key: '1027700132195' })];
        await store.create(crawl, [...seeds, seeds[0]!], at(0));
        expect(await store.latest(crawl.fingerprint)).toEqual({ id: crawl.id, status: 'running' });
        expect(await store.levels(crawl.id)).toEqual({ depth: 0, queued: 2 });
        const { tasks } = await store.page(crawl.id, 0, '', 10);
        expect(byUid(tasks)).toEqual(
          byUid([
            { ...seeds[0]!, depth: 0 },
            { ...seeds[1]!, depth: 0 },
          ]),
        );
        expect(await frontier(crawl.id)).toEqual(['company:1027700132195@0', 'domain#7@0']);
      });

      it('refuses a second crawl with an id that exists, and keeps the first', async () => {
        const { store, newCrawl, seed, frontier } = await setUp();
        const crawl = newCrawl();
        await store.create(crawl, [seed(crawl.id, { kind: 'domain', id: 1 })], at(0));
        await expect(store.create(crawl, [seed(crawl.id, { kind: 'domain', id: 2 })], at(MINUTE))).rejects.toThrow();
        expect(await frontier(crawl.id)).toEqual(['domain#1@0']);
        expect(await store.latest(crawl.fingerprint)).toEqual({ id: crawl.id, status: 'running' });
      });

      it('names the newest crawl of a fingerprint by when it was created; other fingerprints are apart', async () => {
        const { store, newCrawl, run } = await setUp();
        const older = newCrawl();
        const newer = newCrawl();
        const other = newCrawl(`other-${run}`);
        // Created out of order: the newer one first.
        await store.create(newer, [], at(2 * MINUTE));
        await store.create(older, [], at(MINUTE));
        await store.create(other, [], at(3 * MINUTE));
        expect(await store.latest(older.fingerprint)).toEqual({ id: newer.id, status: 'running' });
        expect(await store.latest(other.fingerprint)).toEqual({ id: other.id, status: 'running' });
      });

      it('starts runs: counts them, sets the crawl running, and returns its counters', async () => {
        const { store, newCrawl } = await setUp();
        const crawl = newCrawl();
        await store.create(crawl, [], at(0));
        expect(await store.startRun(crawl.id, at(1))).toEqual({ ...ZERO, runs: 1, requeuedFailed: 0 });
        await store.endRun(crawl.id, 'interrupted', { runFetched: 0 }, null, at(2));
        expect(await store.latest(crawl.fingerprint)).toEqual({ id: crawl.id, status: 'interrupted' });
        expect(await store.startRun(crawl.id, at(3))).toEqual({ ...ZERO, runs: 2, requeuedFailed: 0 });
        expect(await store.latest(crawl.fingerprint)).toEqual({ id: crawl.id, status: 'running' });
      });

      it('refuses to start a run of a crawl that is not there (NEO4J_CONFLICT)', async () => {
        const { store, run } = await setUp();
        const error = await store.startRun(`gone-${run}`, at(0)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(LandingGraphError);
        expect(error).toMatchObject({ code: 'NEO4J_CONFLICT' });
      });

      it.each(STATUSES)('ends a run %s, and says so', async (status) => {
        const { store, started, run } = await setUp();
        const crawlId = await started([1], `fp-${run}`);
        await store.endRun(crawlId, status, { runFetched: 3, runElapsedMs: 12 }, status === 'failed' ? 'API_AUTH: refused' : null, at(5));
        expect(await store.latest(`fp-${run}`)).toEqual({ id: crawlId, status });
      });

      it('discards a crawl none of whose tasks was settled: it, its frontier and its runs are gone', async () => {
        const { store, started, run } = await setUp();
        const crawlId = await started([1, 2], `fp-${run}`);
        await store.endRun(crawlId, 'failed', {}, 'API_UNREACHED: nothing there', at(2));
        expect(await store.discard(crawlId)).toBe(true);
        expect(await store.latest(`fp-${run}`)).toBeUndefined();
        expect(await store.levels(crawlId)).toEqual({ depth: null, queued: 0 });
        await expect(store.startRun(crawlId, at(3))).rejects.toMatchObject({ code: 'NEO4J_CONFLICT' });
        expect(await store.discard(crawlId)).toBe(false);
      });

      it('keeps a crawl with a settled task, and an older crawl of the same fingerprint', async () => {
        const { store, started, row, run } = await setUp();
        const older = await started([1], `fp-${run}`);
        const settled = await started([2], `fp-${run}`);
        const task = row(settled, { kind: 'domain', id: 2 }, 0);
        await store.commit(settled, commitOf({ done: [{ uid: task.uid, state: 'missing', error: 'API_NOT_FOUND' }] }), at(2));
        expect(await store.discard(settled)).toBe(false);
        await expect(store.startRun(settled, at(3))).resolves.toMatchObject({ runs: 2 });
        const fresh = await started([3], `fp-${run}`);
        expect(await store.discard(fresh)).toBe(true);
        expect(await store.levels(older)).toEqual({ depth: 0, queued: 1 });
      });

      it('adds up the counters of every commit, across runs', async () => {
        const { store, started, row } = await setUp();
        const crawlId = await started([1, 2]);
        await store.commit(crawlId, commitOf({ counts: { ...ZERO, requested: 2, fetched: 1, missing: 1 } }), at(2));
        await store.commit(crawlId, commitOf({ counts: { ...ZERO, requested: 1, invalid: 1, reused: 4 } }), at(3));
        await store.endRun(crawlId, 'interrupted', {}, null, at(4));
        // The seeds are still queued (no task was settled): counters and frontier are apart.
        expect(await store.startRun(crawlId, at(5))).toEqual({
          requested: 3,
          fetched: 1,
          missing: 1,
          failed: 0,
          invalid: 1,
          reused: 4,
          runs: 2,
          requeuedFailed: 0,
        });
        expect(byUid((await store.page(crawlId, 0, '', 10)).tasks)).toEqual(
          byUid([row(crawlId, { kind: 'domain', id: 1 }, 0), row(crawlId, { kind: 'domain', id: 2 }, 0)]),
        );
      });
    });

    describe('the frontier', () => {
      it('has no level when nothing is queued, for an unknown crawl too', async () => {
        const { store, started, run } = await setUp();
        expect(await store.levels(`gone-${run}`)).toEqual({ depth: null, queued: 0 });
        expect((await store.page(`gone-${run}`, 0, '', 10)).tasks).toEqual([]);
        const crawlId = await started([]);
        expect(await store.levels(crawlId)).toEqual({ depth: null, queued: 0 });
      });

      it('pages the queued tasks of one depth after a cursor, at most `limit` at a time, each once', async () => {
        const { store, started, row } = await setUp();
        const crawlId = await started([5, 3, 9, 1]);
        const uids = [1, 3, 5, 9].map((id) => row(crawlId, { kind: 'domain', id }, 0).uid).sort();
        const first = await store.page(crawlId, 0, '', 3);
        expect(first.tasks).toHaveLength(3);
        const second = await store.page(crawlId, 0, first.next, 3);
        expect([...first.tasks, ...second.tasks].map((t) => t.uid).sort()).toEqual(uids);
        expect((await store.page(crawlId, 0, second.next, 3)).tasks).toEqual([]);
        expect((await store.page(crawlId, 1, '', 3)).tasks).toEqual([]);
      });

      it('counts the queued tasks per kind, every kind named, and no settled task', async () => {
        const { store, newCrawl, seed, run } = await setUp();
        expect(await store.queuedByKind(`gone-${run}`)).toEqual({ domain: 0, company: 0, email: 0, phone: 0 });
        const crawl = newCrawl();
        const seeds = [
          seed(crawl.id, { kind: 'domain', id: 1 }),
          seed(crawl.id, { kind: 'domain', id: 2 }),
          seed(crawl.id, { kind: 'phone', id: 3 }),
          seed(crawl.id, { kind: 'company', key: '1027700132195' }),
        ];
        await store.create(crawl, seeds, at(0));
        await store.startRun(crawl.id, at(1));
        expect(await store.queuedByKind(crawl.id)).toEqual({ domain: 2, company: 1, email: 0, phone: 1 });
        await store.commit(crawl.id, commitOf({ done: [{ uid: seeds[0]!.uid, state: 'missing', error: 'NOT_FOUND' }] }), at(2));
        expect(await store.queuedByKind(crawl.id)).toEqual({ domain: 1, company: 1, email: 0, phone: 1 });
      });

      it('pages the same order every time, with the kinds of a level mixed, not one kind after another', async () => {
        const { store, newCrawl, seed, level } = await setUp();
        const crawl = newCrawl();
        // 50 records of each kind; uid order would give all companies first.
        const kinds: LandingKind[] = ['company', 'domain', 'email', 'phone'];
        const seeds = kinds.flatMap((kind) => Array.from({ length: 50 }, (_, i) => seed(crawl.id, { kind, id: i + 1 })));
        await store.create(crawl, seeds, at(0));
        await store.startRun(crawl.id, at(1));
        const order = await level(crawl.id, 0, 7);
        expect(order.map((t) => t.uid).sort()).toEqual(seeds.map((t) => t.uid).sort());
        expect(await level(crawl.id, 0, 30)).toEqual(order);
        // In a random order, a kind has 25 +- 3 of its 50 in the first half; fewer than 10 is 5 standard deviations off.
        for (const kind of kinds) {
          const inFirstHalf = order.slice(0, 100).filter((t) => t.kind === kind).length;
          expect(inFirstHalf, kind).toBeGreaterThanOrEqual(10);
          expect(inFirstHalf, kind).toBeLessThanOrEqual(40);
        }
      });

      it('keeps crawls apart: a crawl pages and counts only its own tasks', async () => {
        const { store, started, frontier } = await setUp();
        const a = await started([1, 2]);
        const b = await started([3]);
        expect(await store.levels(a)).toEqual({ depth: 0, queued: 2 });
        expect(await store.levels(b)).toEqual({ depth: 0, queued: 1 });
        expect(await frontier(b)).toEqual(['domain#3@0']);
      });

      it('goes breadth-first: the lowest depth with queued tasks is the level, until it is settled', async () => {
        const { store, started, row, frontier } = await setUp();
        const crawlId = await started([1, 2]);
        const [one, two] = [row(crawlId, { kind: 'domain', id: 1 }, 0), row(crawlId, { kind: 'domain', id: 2 }, 0)];
        const children = [row(crawlId, { kind: 'company', id: 10 }, 1), row(crawlId, { kind: 'company', id: 11 }, 1)];
        await store.commit(crawlId, commitOf({ done: [{ uid: one.uid, state: 'done', error: null }], queue: children }), at(2));
        expect(await store.levels(crawlId)).toEqual({ depth: 0, queued: 3 });
        expect(await frontier(crawlId)).toEqual(['domain#2@0', 'company#10@1', 'company#11@1']);
        await store.commit(crawlId, commitOf({ done: [{ uid: two.uid, state: 'missing', error: 'API_NOT_FOUND' }] }), at(3));
        expect(await store.levels(crawlId)).toEqual({ depth: 1, queued: 2 });
        await store.commit(
          crawlId,
          commitOf({
            done: children.map((c) => ({ uid: c.uid, state: 'done' as const, error: null })),
            queue: [row(crawlId, { kind: 'email', id: 100 }, 2)],
          }),
          at(4),
        );
        expect(await store.levels(crawlId)).toEqual({ depth: 2, queued: 1 });
        await store.commit(
          crawlId,
          commitOf({ done: [{ uid: row(crawlId, { kind: 'email', id: 100 }, 2).uid, state: 'invalid', error: 'bad' }] }),
          at(5),
        );
        expect(await store.levels(crawlId)).toEqual({ depth: null, queued: 0 });
      });

      it('queues a task once per uid: listed again at the same or a greater depth it stays as it is', async () => {
        const { store, started, row, frontier } = await setUp();
        const crawlId = await started([1]);
        const child = (depth: number) => row(crawlId, { kind: 'company', id: 10 }, depth);
        await store.commit(crawlId, commitOf({ queue: [child(1), child(1), child(2)] }), at(2));
        await store.commit(crawlId, commitOf({ queue: [child(1), child(2)] }), at(3));
        expect(await frontier(crawlId)).toEqual(['domain#1@0', 'company#10@1']);
        expect(await store.levels(crawlId)).toEqual({ depth: 0, queued: 2 });
      });

      it('lowers the depth of a queued task found nearer the seeds, within a commit and across commits', async () => {
        const { store, started, row, frontier } = await setUp();
        const crawlId = await started([1]);
        const ref = (id: number) => ({ kind: 'company' as const, id });
        await store.commit(
          crawlId,
          commitOf({ queue: [row(crawlId, ref(10), 2), row(crawlId, ref(11), 3), row(crawlId, ref(11), 2)] }),
          at(2),
        );
        expect(await frontier(crawlId)).toEqual(['domain#1@0', 'company#10@2', 'company#11@2']);
        await store.commit(crawlId, commitOf({ queue: [row(crawlId, ref(10), 1)] }), at(3));
        expect(await frontier(crawlId)).toEqual(['domain#1@0', 'company#10@1', 'company#11@2']);
        expect((await store.page(crawlId, 1, '', 10)).tasks).toEqual([row(crawlId, ref(10), 1)]);
      });

      it('never queues a settled task again, except a done one found nearer the seeds', async () => {
        const { store, started, row, frontier } = await setUp();
        const crawlId = await started([]);
        const task = (id: number, depth: number) => row(crawlId, { kind: 'company', id }, depth);
        await store.commit(crawlId, commitOf({ queue: [1, 2, 3, 4].map((id) => task(id, 2)) }), at(2));
        await store.commit(
          crawlId,
          commitOf({
            done: [
              { uid: task(1, 2).uid, state: 'done', error: null },
              { uid: task(2, 2).uid, state: 'missing', error: 'API_NOT_FOUND' },
              { uid: task(3, 2).uid, state: 'failed', error: 'API_UNAVAILABLE' },
              { uid: task(4, 2).uid, state: 'invalid', error: 'schema' },
            ],
          }),
          at(3),
        );
        expect(await frontier(crawlId)).toEqual([]);
        // Listed again at the same or a greater depth: nothing changes.
        await store.commit(crawlId, commitOf({ queue: [1, 2, 3, 4].flatMap((id) => [task(id, 2), task(id, 3)]) }), at(4));
        expect(await frontier(crawlId)).toEqual([]);
        // Nearer the seeds (a record that had failed was retried): only the done one is expanded again.
        await store.commit(crawlId, commitOf({ queue: [1, 2, 3, 4].map((id) => task(id, 1)) }), at(5));
        expect(await frontier(crawlId)).toEqual(['company#1@1']);
        expect((await store.page(crawlId, 1, '', 10)).tasks).toEqual([task(1, 1)]);
      });

      it('settles aliases as done: a queued one leaves the frontier, a new one is never queued at its depth or deeper', async () => {
        const { store, started, row, frontier } = await setUp();
        const crawlId = await started([1]);
        const queued = row(crawlId, { kind: 'company', id: 10 }, 1);
        await store.commit(crawlId, commitOf({ queue: [queued] }), at(2));
        const byKey = row(crawlId, { kind: 'company', key: '1027700132195' }, 1);
        await store.commit(crawlId, commitOf({ aliases: [queued, byKey] }), at(3));
        expect(await frontier(crawlId)).toEqual(['domain#1@0']);
        await store.commit(crawlId, commitOf({ queue: [queued, byKey, { ...byKey, depth: 2 }] }), at(4));
        expect(await frontier(crawlId)).toEqual(['domain#1@0']);
      });

      it('starts a run by queuing again the tasks that failed for good, at their depth; the failed counter drops by as many', async () => {
        const { store, started, row, frontier } = await setUp();
        const crawlId = await started([1, 2, 3, 4]);
        const seed = (id: number) => row(crawlId, { kind: 'domain', id }, 0);
        const child = row(crawlId, { kind: 'company', id: 10 }, 1);
        await store.commit(
          crawlId,
          commitOf({
            done: [
              { uid: seed(1).uid, state: 'done', error: null },
              { uid: seed(2).uid, state: 'failed', error: 'API_UNAVAILABLE' },
              { uid: seed(3).uid, state: 'missing', error: 'API_NOT_FOUND' },
              { uid: seed(4).uid, state: 'invalid', error: 'schema' },
            ],
            queue: [child],
            counts: { ...ZERO, requested: 4, fetched: 2, failed: 1, missing: 1 },
          }),
          at(2),
        );
        await store.commit(
          crawlId,
          commitOf({ done: [{ uid: child.uid, state: 'failed', error: 'API_UNAVAILABLE' }], counts: { ...ZERO, requested: 1, failed: 1 } }),
          at(3),
        );
        await store.endRun(crawlId, 'incomplete', {}, null, at(4));
        expect(await frontier(crawlId)).toEqual([]);
        // `requested` keeps them: they were requests.
        expect(await store.startRun(crawlId, at(5))).toEqual({
          requested: 5,
          fetched: 2,
          missing: 1,
          failed: 0,
          invalid: 0,
          reused: 0,
          runs: 2,
          requeuedFailed: 2,
        });
        expect(await frontier(crawlId)).toEqual(['domain#2@0', 'company#10@1']);
        expect(await store.startRun(crawlId, at(6))).toMatchObject({ failed: 0, runs: 3, requeuedFailed: 0 });
      });
    });

    describe('commits', () => {
      it('write a fetched record with its frontier changes, as the crawler settles it', async () => {
        const { store, started, row, frontier } = await setUp();
        const crawlId = await started([]);
        const record = fullRecord('company');
        const task = row(crawlId, { kind: 'company', key: '1027700132195' }, 0);
        await store.commit(crawlId, commitOf({ queue: [task] }), at(2));
        const text = JSON.stringify(record);
        const settled = settleFetched(task, { ref: { kind: 'company', key: '1027700132195' }, text, attempts: 1 }, policyOf(crawlId));
        expect(settled.queue.length).toBeGreaterThan(0);
        expect(settled.aliases.map((a) => a.uid)).toEqual([taskUid(crawlId, { kind: 'company', id: record.id as number })]);
        // Rows written: each node and edge once however often the batches list it, then pivots and their links.
        const merged = mergeBatches(settled.batches);
        const pivots = mergePivotBatches(settled.pivots);
        expect(await store.commit(crawlId, { ...settled, batches: [...settled.batches, ...settled.batches] }, at(3))).toEqual({
          nodes: merged.byId.length + merged.byKey.length + pivots.pivots.length,
          edges: merged.edges.length + pivots.links.length + pivots.keyLinks.length,
          versions: 0,
          removed: 0,
        });
        expect(pivots.pivots.length).toBeGreaterThan(0);
        const children = [...new Set(settled.queue.map((q) => `${q.uid.slice(crawlId.length + 1)}@1`))].sort();
        expect((await frontier(crawlId)).sort()).toEqual(children);
        // The alias by page number is done: listed again by a child, it is not fetched twice.
        await store.commit(crawlId, commitOf({ queue: [{ ...settled.aliases[0]!, depth: 2 }] }), at(4));
        expect((await frontier(crawlId)).sort()).toEqual(children);
        expect((await store.startRun(crawlId, at(5))).requested).toBe(1);
      });

      it('are all or nothing: a commit the store fails to write leaves no record, task or counter, and can be written again', async () => {
        const { store, started, row, frontier, failing } = await setUp();
        const crawlId = await started([1]);
        const seed = row(crawlId, { kind: 'domain', id: 1 }, 0);
        const record = fullRecord('company');
        const text = JSON.stringify(record);
        const ref = { kind: 'company' as const, id: record.id as number };
        const task = row(crawlId, ref, 1);
        await store.commit(crawlId, commitOf({ queue: [task] }), at(2));
        const settled = settleFetched(task, { ref, text, attempts: 1 }, policyOf(crawlId));
        const commit: Commit = { ...settled, done: [...settled.done, { uid: seed.uid, state: 'done', error: null }] };
        const error = await store.commit(crawlId, failing(commit), at(3)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(Error);
        expect(await frontier(crawlId)).toEqual(['domain#1@0', `${ref.kind}#${ref.id}@1`]);
        expect(await store.freshAnswers([task], at(0))).toEqual(new Set());
        expect(await store.storedAnswer(task, at(0))).toBeUndefined();
        await store.endRun(crawlId, 'interrupted', {}, null, at(4));
        expect(await store.startRun(crawlId, at(5))).toMatchObject({ requested: 0, fetched: 0, runs: 2 });
        // The crawler writes the same commit again.
        await store.commit(crawlId, commit, at(6));
        expect(await frontier(crawlId)).toEqual([...new Set(settled.queue.map((q) => `${q.uid.slice(crawlId.length + 1)}@2`))].sort());
        expect(await store.storedAnswer(task, at(0))).toBe(text);
        expect(await store.startRun(crawlId, at(7))).toMatchObject({ requested: 1, fetched: 1, runs: 3 });
      });

      it('refuse a crawl that is not there (NEO4J_CONFLICT) and write none of the commit: no record without its task', async () => {
        const { store, run, row } = await setUp();
        const crawlId = `gone-${run}`;
        const record = fullRecord('company');
        const ref = { kind: 'company' as const, id: record.id as number };
        const task = row(crawlId, ref, 0);
        const settled = settleFetched(task, { ref, text: JSON.stringify(record), attempts: 1 }, policyOf(crawlId));
        const error = await store.commit(crawlId, settled, at(2)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(LandingGraphError);
        expect(error).toMatchObject({ code: 'NEO4J_CONFLICT' });
        expect(await store.storedAnswer(task, at(0))).toBeUndefined();
        expect(await store.freshAnswers([task], at(0))).toEqual(new Set());
      });

      it('end no run of a crawl that is not there: nothing to record, and the error that stopped the run stands', async () => {
        const { store, run } = await setUp();
        await expect(store.endRun(`gone-${run}`, 'failed', {}, 'NEO4J_CONFLICT: gone', at(1))).resolves.toBeUndefined();
        expect(await store.latest(`gone-${run}`)).toBeUndefined();
      });
    });

    describe("the graph's answers (--max-age)", () => {
      /** A crawl that fetched the full company record by page number at `at(MINUTE)`. */
      async function fetchedCompany() {
        const context = await setUp();
        const { store, started, row } = context;
        const crawlId = await started([]);
        const record = fullRecord('company');
        const text = JSON.stringify(record);
        const ref = { kind: 'company' as const, id: record.id as number };
        const task = row(crawlId, ref, 0);
        const settled = settleFetched(task, { ref, text, attempts: 1 }, policyOf(crawlId));
        const key = settled.batches.flatMap((b) => b.nodes).find((n) => n.status === 'fetched')?.key;
        if (!key) throw new Error('the company record maps to no key');
        await store.commit(crawlId, settled, at(MINUTE));
        return { ...context, record, text, ref, key };
      }

      it('are the valid answers fetched at or after a time, found by page number or by key, by any crawl', async () => {
        const { store, started, row, text, ref, key } = await fetchedCompany();
        const other = await started([]);
        const byId = row(other, ref, 1);
        const byKey = row(other, { kind: 'company', key }, 1);
        const unknown = row(other, { kind: 'company', id: 999_999_999 }, 1);
        const unknownKey = row(other, { kind: 'domain', key: 'nowhere.invalid' }, 1);
        const tasks = [byId, byKey, unknown, unknownKey];
        expect(await store.freshAnswers([], at(0))).toEqual(new Set());
        expect(await store.freshAnswers(tasks, at(0))).toEqual(new Set([byId.uid, byKey.uid]));
        expect(await store.freshAnswers(tasks, at(MINUTE))).toEqual(new Set([byId.uid, byKey.uid]));
        expect(await store.freshAnswers(tasks, at(MINUTE + 1))).toEqual(new Set());
        expect(await store.storedAnswer(byId, at(MINUTE))).toBe(text);
        expect(await store.storedAnswer(byKey, at(0))).toBe(text);
        expect(await store.storedAnswer(byId, at(MINUTE + 1))).toBeUndefined();
        expect(await store.storedAnswer(unknown, at(0))).toBeUndefined();
      });

      it('take the newest answer: a record fetched again is fresh from its new fetch', async () => {
        const { store, started, row, record, ref } = await fetchedCompany();
        const crawlId = await started([]);
        const task = row(crawlId, ref, 0);
        const changed = { ...record, title: 'ООО "Новое имя"' };
        const text = JSON.stringify(changed);
        const settled = settleFetched(task, { ref, text, attempts: 1 }, policyOf(crawlId));
        // The answer changed: the stored one is kept as one version.
        expect((await store.commit(crawlId, settled, at(3 * MINUTE))).versions).toBe(1);
        expect(await store.freshAnswers([task], at(2 * MINUTE))).toEqual(new Set([task.uid]));
        expect(await store.storedAnswer(task, at(2 * MINUTE))).toBe(text);
        // The same answer again: no version.
        expect((await store.commit(crawlId, settled, at(4 * MINUTE))).versions).toBe(0);
        expect(await store.freshAnswers([task], at(4 * MINUTE))).toEqual(new Set([task.uid]));
      });

      it('are not answers once the record is gone (404)', async () => {
        const { store, started, row, ref } = await fetchedCompany();
        const crawlId = await started([]);
        const task = row(crawlId, ref, 0);
        await store.commit(crawlId, settleFailed(task, new LandingGraphError('API_NOT_FOUND', 'gone')), at(2 * MINUTE));
        expect(await store.freshAnswers([task], at(0))).toEqual(new Set());
        expect(await store.storedAnswer(task, at(0))).toBeUndefined();
      });

      it('are not answers once the record is fetched again breaking its schema, by page number or by key', async () => {
        const { store, started, row, record, ref, key } = await fetchedCompany();
        const crawlId = await started([]);
        const task = row(crawlId, ref, 0);
        const byKey = row(crawlId, { kind: 'company', key }, 0);
        const broken = { ...record, companyInfo: 42 };
        const text = JSON.stringify(broken);
        const settled = settleFetched(task, { ref, text, attempts: 1 }, policyOf(crawlId));
        expect(settled.done[0]?.state).toBe('invalid');
        await store.commit(crawlId, settled, at(2 * MINUTE));
        expect(await store.freshAnswers([task, byKey], at(0))).toEqual(new Set());
        expect(await store.storedAnswer(task, at(0))).toBeUndefined();
        expect(await store.storedAnswer(byKey, at(0))).toBeUndefined();
      });

      it('stay answers when a later fetch of the record failed for good (the record is not known gone)', async () => {
        const { store, started, row, text, ref } = await fetchedCompany();
        const crawlId = await started([]);
        const task = row(crawlId, ref, 0);
        await store.commit(crawlId, settleFailed(task, new LandingGraphError('API_UNAVAILABLE', '503, retries spent')), at(2 * MINUTE));
        expect(await store.freshAnswers([task], at(0))).toEqual(new Set([task.uid]));
        expect(await store.storedAnswer(task, at(0))).toBe(text);
      });
    });

    describe('the lock of a crawl', () => {
      const holder = (n: number): LockHolder => ({ id: `holder-${n}-${randomUUID()}`, pid: 1000 + n, host: `host-${n}` });
      const LEASE = 30_000;

      it('is taken when free, for a lease from now', async () => {
        const { store, run } = await setUp();
        const one = holder(1);
        const state = await store.lock(`fp-${run}`, one, at(0), LEASE, null);
        expect(state).toMatchObject({ acquired: true, holder: one });
        expect(Date.parse(state.since)).toBe(T0);
        expect(Date.parse(state.leaseUntil)).toBe(T0 + LEASE);
      });

      it('is refused to another holder while the lease runs, naming who holds it; taken once it ran out', async () => {
        const { store, run } = await setUp();
        const [one, two] = [holder(1), holder(2)];
        await store.lock(`fp-${run}`, one, at(0), LEASE, null);
        const refused = await store.lock(`fp-${run}`, two, at(LEASE - 1), LEASE, null);
        expect(refused).toMatchObject({ acquired: false, holder: one });
        expect(Date.parse(refused.since)).toBe(T0);
        expect(Date.parse(refused.leaseUntil)).toBe(T0 + LEASE);
        const taken = await store.lock(`fp-${run}`, two, at(LEASE), LEASE, null);
        expect(taken).toMatchObject({ acquired: true, holder: two });
        expect(await store.renewLock(`fp-${run}`, one.id, at(LEASE + 1), LEASE)).toBe(false);
      });

      it('is taken over from a holder known to be dead, whatever its lease', async () => {
        const { store, run } = await setUp();
        const [one, two, three] = [holder(1), holder(2), holder(3)];
        await store.lock(`fp-${run}`, one, at(0), LEASE, null);
        expect(await store.lock(`fp-${run}`, two, at(1), LEASE, three.id)).toMatchObject({ acquired: false, holder: one });
        expect(await store.lock(`fp-${run}`, two, at(2), LEASE, one.id)).toMatchObject({ acquired: true, holder: two });
      });

      it('is taken again by its holder, with a new lease', async () => {
        const { store, run } = await setUp();
        const one = holder(1);
        await store.lock(`fp-${run}`, one, at(0), LEASE, null);
        const again = await store.lock(`fp-${run}`, one, at(1000), LEASE, null);
        expect(again).toMatchObject({ acquired: true, holder: one });
        expect(Date.parse(again.leaseUntil)).toBe(T0 + 1000 + LEASE);
      });

      it('is renewed only by its holder, which extends the lease', async () => {
        const { store, run } = await setUp();
        const [one, two] = [holder(1), holder(2)];
        await store.lock(`fp-${run}`, one, at(0), LEASE, null);
        expect(await store.renewLock(`fp-${run}`, two.id, at(1000), LEASE)).toBe(false);
        expect(await store.renewLock(`fp-${run}`, one.id, at(20_000), LEASE)).toBe(true);
        const refused = await store.lock(`fp-${run}`, two, at(LEASE + 1000), LEASE, null);
        expect(refused).toMatchObject({ acquired: false, holder: one });
        expect(Date.parse(refused.leaseUntil)).toBe(T0 + 20_000 + LEASE);
        expect(await store.renewLock(`other-${run}`, one.id, at(1), LEASE)).toBe(false);
      });

      it('is given back only by its holder; then anyone takes it and the old holder cannot renew it', async () => {
        const { store, run } = await setUp();
        const [one, two] = [holder(1), holder(2)];
        await store.lock(`fp-${run}`, one, at(0), LEASE, null);
        await store.unlock(`fp-${run}`, two.id, at(1));
        expect(await store.lock(`fp-${run}`, two, at(2), LEASE, null)).toMatchObject({ acquired: false, holder: one });
        await store.unlock(`fp-${run}`, one.id, at(3));
        expect(await store.renewLock(`fp-${run}`, one.id, at(4), LEASE)).toBe(false);
        expect(await store.lock(`fp-${run}`, two, at(5), LEASE, null)).toMatchObject({ acquired: true, holder: two });
      });

      it('is one per fingerprint', async () => {
        const { store, run } = await setUp();
        const [one, two] = [holder(1), holder(2)];
        await store.lock(`fp-a-${run}`, one, at(0), LEASE, null);
        expect(await store.lock(`fp-b-${run}`, two, at(1), LEASE, null)).toMatchObject({ acquired: true, holder: two });
        await store.unlock(`fp-b-${run}`, one.id, at(2));
        expect(await store.lock(`fp-a-${run}`, two, at(3), LEASE, null)).toMatchObject({ acquired: false, holder: one });
      });
    });
  });
}
