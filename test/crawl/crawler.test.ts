import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FetchedRecord } from '../../src/client/client.js';
import { type LandingRef, refPath } from '../../src/api/refs.js';
import { type CrawlDeps, runCrawl } from '../../src/crawl/crawler.js';
import type { Commit, FrontierStore } from '../../src/crawl/frontier-store.js';
import { type CrawlOptionsInput, parseCrawlOptions } from '../../src/crawl/options.js';
import type { CrawlProgress } from '../../src/crawl/progress.js';
import type { TimedWorkSample } from '../../src/crawl/remaining-work.js';
import { LandingGraphError } from '../../src/errors.js';
import { generateGraph, reachable, type SandboxGraph } from '../../src/sandbox/index.js';
import { BodyCache, route } from '../../src/sandbox/router.js';
import { MemoryFrontierStore } from './memory-frontier-store.js';

/**
 * The crawler's policy without Neo4j or HTTP: the sandbox's records served by a function, the frontier
 * in memory, a fake clock, timers that fire on the next turn of the event loop. No sleeps.
 */
const graph: SandboxGraph = generateGraph({ records: 300, seed: 11 });
const BASE_URL = 'http://sandbox.test';
/** Each record's body built once for the whole file: the graph never changes. */
const bodies = new BodyCache(Number.POSITIVE_INFINITY);

/** What the service would answer, as LandingClient.fetch would return or throw it. */
class World {
  readonly requests: string[] = [];
  /** Throws for a ref before the record is built; return undefined to answer normally. */
  fault: (ref: LandingRef, nth: number) => LandingGraphError | undefined = () => undefined;

  readonly fetch = async (ref: LandingRef): Promise<FetchedRecord> => {
    const path = refPath(ref);
    this.requests.push(path);
    await Promise.resolve();
    const fault = this.fault(ref, this.requests.length);
    if (fault) throw fault;
    const [pathname, query] = path.split('?');
    const answer = route(graph, bodies, pathname!, new URLSearchParams(query ?? ''));
    if (answer.status === 404) throw new LandingGraphError('API_NOT_FOUND', `${path}: not found`);
    return { ref, text: answer.body, attempts: 1 };
  };

  /** Requests per path: every record asked for once means max 1. */
  mostRequestsOfOnePath(): number {
    const counts = new Map<string, number>();
    for (const p of this.requests) counts.set(p, (counts.get(p) ?? 0) + 1);
    return Math.max(0, ...counts.values());
  }
}

const nextTurn = (callback: () => void) => {
  const timer = setImmediate(callback);
  return () => clearImmediate(timer);
};

let runs = 0;
function deps(world: World, store: FrontierStore, extra: Partial<CrawlDeps> = {}): CrawlDeps {
  // Each run starts a minute after the last: a new crawl's id holds its start time.
  let clockMs = Date.parse('2026-11-23T00:00:00Z') + 60_000 * runs++;
  return {
    fetch: world.fetch,
    store,
    maxInFlight: 8,
    // Waiting out Neo4j advances the fake clock instead of sleeping.
    clock: {
      now: () => clockMs,
      sleep: async (ms) => {
        clockMs += ms;
        await Promise.resolve();
      },
    },
    setTimer: nextTurn,
    ...extra,
  };
}

const seeds: LandingRef[] = graph
  .ids('company')
  .slice(0, 2)
  .map((id) => ({ kind: 'company' as const, id }));

function request(options: CrawlOptionsInput = {}) {
  return { seeds, options: parseCrawlOptions({ commitEvery: 10, ...options }), baseUrl: BASE_URL };
}

/** `kind#id` of every record the store holds as fetched (done tasks by page number). */
function fetchedRefs(store: MemoryFrontierStore): string[] {
  const refs = new Set<string>();
  for (const commit of store.commits) {
    for (const batch of commit.batches) for (const node of batch.nodes) if (node.status === 'fetched') refs.add(`${node.kind}#${node.id}`);
  }
  return [...refs].sort();
}

const truthOf = (depth: number) => {
  const truth = reachable(graph, seeds as { kind: 'company'; id: number }[], depth);
  return { fetched: truth.fetched.map((r) => `${r.kind}#${r.id}`).sort(), requests: truth.fetched.length + truth.notFound.length, truth };
};

let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

describe('runCrawl against a service that does not answer like itself', () => {
  const notFound = (ref: LandingRef) => new LandingGraphError('API_NOT_FOUND', `${refPath(ref)}: not found`);

  it('a wrong base URL (every answer a 404) stops with API_MISMATCH and writes nothing; the tasks stay queued', async () => {
    const world = new World();
    world.fault = (ref) => notFound(ref);
    const store = new MemoryFrontierStore();
    const error = await runCrawl(request({ maxDepth: 2 }), deps(world, store)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'API_MISMATCH' });
    expect((error as Error).message).toMatch(/^all 2 first answers of the service at http:\/\/sandbox\.test\/ looked wrong \(2 HTTP 404;/);
    expect(store.commits).toEqual([]);
    expect(world.requests).toHaveLength(2);
    // Nothing was written, and the crawl it created is not left behind as `failed`.
    expect(store.crawls.size).toBe(0);
    expect(store.tasks.size).toBe(0);
    // Fixed, the same command asks the seeds again and crawls.
    world.fault = () => undefined;
    const fixed = await runCrawl(request({ maxDepth: 2 }), deps(world, store));
    expect(fixed.status).toBe('finished');
    expect(fetchedRefs(store)).toEqual(truthOf(2).fetched);
  });

  it('judges only the first five answers: a sixth is never asked for, nothing is written', async () => {
    const world = new World();
    world.fault = (ref) => notFound(ref);
    const store = new MemoryFrontierStore();
    const many = graph
      .ids('company')
      .slice(0, 12)
      .map((id) => ({ kind: 'company' as const, id }));
    const error = await runCrawl(
      { seeds: many, options: parseCrawlOptions({ commitEvery: 10, maxDepth: 1 }), baseUrl: BASE_URL },
      deps(world, store, { maxInFlight: 1 }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'API_MISMATCH' });
    expect(world.requests).toHaveLength(5);
    expect(store.commits).toEqual([]);
  });

  it('a seed the service lacks is written missing once another answer looked right', async () => {
    const world = new World();
    const [first] = seeds;
    world.fault = (ref) => (ref.id === first!.id ? notFound(ref) : undefined);
    const store = new MemoryFrontierStore();
    const result = await runCrawl(request({ maxDepth: 1 }), deps(world, store));
    expect(result.status).toBe('finished');
    expect(result.totals.missing).toBeGreaterThanOrEqual(1);
    const missing = store.commits.flatMap((c) => c.batches.flatMap((b) => b.nodes)).filter((n) => n.status === 'missing');
    expect(missing.map((n) => `${n.kind}#${n.id}`)).toContain(`company#${first!.id}`);
  });
});

describe('runCrawl: a refresh never marks a mass of records gone by itself', () => {
  const notFound = (ref: LandingRef) => new LandingGraphError('API_NOT_FOUND', `${refPath(ref)}: not found`);
  const seedIds = new Set(seeds.map((s) => s.id));
  const missingNodes = (commits: MemoryFrontierStore['commits']) =>
    commits.flatMap((c) => c.batches.flatMap((b) => b.nodes)).filter((n) => n.status === 'missing');

  it('stops with MASS_GONE when more than a fifth of the records fetched before answer 404, marking none gone', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    expect((await runCrawl(request({ maxDepth: 2 }), deps(world, store))).status).toBe('finished');
    const before = store.commits.length;
    // Every record but the seeds now answers 404: the seeds look right, so the service is trusted.
    world.fault = (ref) => (seedIds.has(ref.id) ? undefined : notFound(ref));
    const error = await runCrawl(request({ maxDepth: 2, refresh: true }), deps(world, store)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASS_GONE' });
    expect((error as Error).message).toMatch(
      /^\d+ of \d+ records fetched before now answer 404 \(\d+%, more than 20%\): none was marked gone;/,
    );
    expect(missingNodes(store.commits.slice(before))).toEqual([]);
    // Told so, the same refresh writes them gone.
    const accepted = await runCrawl(request({ maxDepth: 2, refresh: true, acceptMassGone: true }), deps(world, store));
    expect(accepted.status).toBe('finished');
    expect(missingNodes(store.commits.slice(before)).length).toBeGreaterThan(10);
  });

  it('writes a few records gone without asking (at most a fifth, or fewer than ten)', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    expect((await runCrawl(request({ maxDepth: 2 }), deps(world, store))).status).toBe('finished');
    const before = store.commits.length;
    const gone = truthOf(1)
      .truth.fetched.filter((r) => !seedIds.has(r.id))
      .slice(0, 3)
      .map((r) => r.id);
    world.fault = (ref) => (gone.includes(ref.id as number) ? notFound(ref) : undefined);
    const result = await runCrawl(request({ maxDepth: 2, refresh: true }), deps(world, store));
    expect(result.status).toBe('finished');
    expect(
      missingNodes(store.commits.slice(before))
        .map((n) => n.id)
        .sort(),
    ).toEqual([...gone].sort());
  });
});

describe('runCrawl with an in-memory frontier', () => {
  it.each([0, 1, 2, 3])('depth %i fetches exactly the ground truth, each record once', async (depth) => {
    const world = new World();
    const store = new MemoryFrontierStore();
    const result = await runCrawl(request({ maxDepth: depth }), deps(world, store));
    const expected = truthOf(depth);
    expect(result.status).toBe('finished');
    expect(fetchedRefs(store)).toEqual(expected.fetched);
    expect(world.requests.length).toBe(expected.requests);
    expect(world.mostRequestsOfOnePath()).toBe(1);
    expect(result.totals.requested).toBe(expected.requests);
  });

  const turns = async (n: number) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  it('reports as still to fetch only records of the world not yet fetched, each once, however many pages list them', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    const reports: CrawlProgress[] = [];
    let reported: (() => void) | undefined;
    // Each commit waits for a progress report first (or a few turns of the event loop: the last commits come after
    // the reports end), so that reports fall between the commits.
    store.gate = (operation) => {
      if (operation === 'commit')
        return new Promise<void>((resolve) => {
          reported = resolve;
          turns(5).then(resolve);
        });
    };
    const onProgress = (p: CrawlProgress) => {
      reports.push(p);
      reported?.();
    };
    const result = await runCrawl(request({ maxDepth: 2 }), deps(world, store, { onProgress, progressIntervalMs: 1, countIntervalMs: 1 }));
    const expected = truthOf(2);
    expect(result.status).toBe('finished');
    expect(store.commits.length).toBeGreaterThan(5);
    expect(reports.length).toBeGreaterThan(5);
    for (const p of reports) expect(p.toFetch + p.fetched + p.missing + p.failed + p.invalid).toBeLessThanOrEqual(expected.requests);
    expect(result.progress.toFetch).toBe(0);
  });

  it('passes each sample of its work out as it is taken, the counts it shows never past the world', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    const samples: TimedWorkSample[] = [];
    store.gate = (operation) => (operation === 'commit' ? turns(5) : undefined);
    const result = await runCrawl(
      request({ maxDepth: 2 }),
      deps(world, store, { onWorkSample: (s) => samples.push(s), countIntervalMs: 1 }),
    );
    const expected = truthOf(2);
    expect(result.status).toBe('finished');
    expect(samples.length).toBeGreaterThan(2);
    for (const [i, s] of samples.entries()) {
      expect(s.settled + s.toFetch).toBeLessThanOrEqual(expected.requests);
      expect(Object.values(s.store!.kinds).reduce((sum, k) => sum + k.toFetch, 0)).toBe(s.toFetch);
      if (i > 0) {
        expect(s.atMs).toBeGreaterThanOrEqual(samples[i - 1]!.atMs);
        expect(s.settled).toBeGreaterThanOrEqual(samples[i - 1]!.settled);
      }
    }
    expect(samples.at(-1)!.settled).toBeGreaterThan(0);
  });

  it('commits at once when nothing else is on its way, instead of waiting for the commit timer', async () => {
    // A timer that never fires and commits that never fill: only the idle commit can move the crawl on.
    const world = new World();
    const store = new MemoryFrontierStore();
    const never = () => () => undefined;
    const result = await runCrawl(request({ maxDepth: 2, commitEvery: 5000 }), deps(world, store, { setTimer: never }));
    expect(result.status).toBe('finished');
    expect(fetchedRefs(store)).toEqual(truthOf(2).fetched);
  });

  it('a finished crawl requests nothing the second time; --refresh crawls again', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    await runCrawl(request({ maxDepth: 1 }), deps(world, store));
    const first = world.requests.length;
    const again = await runCrawl(request({ maxDepth: 1 }), deps(world, store));
    expect(again.alreadyComplete).toBe(true);
    expect(world.requests.length).toBe(first);
    const refreshed = await runCrawl(request({ maxDepth: 1, refresh: true }), deps(world, store));
    expect(refreshed.status).toBe('finished');
    expect(world.requests.length).toBe(2 * first);
  });

  it('starts level d+1 while the last commits of d land, never d+2', async () => {
    const expected = truthOf(3).truth;
    const depthOf = new Map(expected.fetched.map((r) => [`${r.kind}#${r.id}`, r.depth]));
    const events: { what: 'fetch' | 'committed'; depth: number }[] = [];
    const world = new World();
    const store = new MemoryFrontierStore();
    // Slow commits (a busy Neo4j): each takes a few turns of the event loop.
    store.gate = async (operation) => {
      if (operation !== 'commit') return;
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    const fetch = (ref: LandingRef) => {
      events.push({ what: 'fetch', depth: depthOf.get(`${ref.kind}#${ref.id}`) ?? -1 });
      return world.fetch(ref);
    };
    const original = store.commit.bind(store);
    store.commit = async (crawlId, commit, nowIso) => {
      const written = await original(crawlId, commit, nowIso);
      const depths = commit.done.map((d) => depthOf.get(d.uid.split('|').pop()!) ?? -1);
      events.push({ what: 'committed', depth: Math.max(...depths) });
      return written;
    };
    const result = await runCrawl(request({ maxDepth: 3, commitEvery: 5 }), deps(world, store, { fetch }));
    expect(result.status).toBe('finished');
    expect(fetchedRefs(store)).toEqual(truthOf(3).fetched);
    const at = (what: 'fetch' | 'committed', depth: number) => events.flatMap((e, i) => (e.what === what && e.depth === depth ? [i] : []));
    for (const d of [0, 1, 2]) {
      const lastCommitOfD = Math.max(...at('committed', d));
      // The two seeds of level 0 go in one commit; from level 1 on, a level spans several.
      if (d > 0) expect(Math.min(...at('fetch', d + 1)), `level ${d + 1} starts before level ${d} is written`).toBeLessThan(lastCommitOfD);
      if (d < 2) expect(Math.min(...at('fetch', d + 2)), `level ${d + 2} waits for level ${d}`).toBeGreaterThan(lastCommitOfD);
    }
    expect(world.mostRequestsOfOnePath()).toBe(1);
  });

  it('on reaching a level, fetches the next one already queued without waiting for another commit', async () => {
    // Level 1's first commit that queues level-2 tasks lands; every later commit is held. Once level 0 is
    // written and level 1 dispatched, the level-2 tasks already queued may be fetched: waiting for the
    // held commits would leave the service idle for as long as Neo4j takes to write them.
    const expected = truthOf(2).truth;
    const depthOf = new Map(expected.fetched.map((r) => [`${r.kind}#${r.id}`, r.depth]));
    const world = new World();
    const store = new MemoryFrontierStore();
    let level2Queued = false;
    let level2Fetched = false;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    store.gate = async (operation, args) => {
      if (operation !== 'commit') return;
      if (level2Queued) await released;
      // A row for a record already queued nearer the seeds queues nothing.
      else level2Queued = (args[1] as Commit).queue.some((row) => row.depth === 2 && !store.tasks.has(row.uid));
    };
    const fetch = (ref: LandingRef) => {
      if (depthOf.get(`${ref.kind}#${ref.id}`) === 2 && !level2Fetched) {
        level2Fetched = true;
        release();
      }
      return world.fetch(ref);
    };
    const crawl = runCrawl(
      request({ maxDepth: 2, commitEvery: 2, commitsInFlight: 1 }),
      deps(world, store, { fetch, maxInFlight: 2, maxWaitingRecords: 1000 }),
    );
    for (let turn = 0; turn < 500 && !level2Fetched; turn++) await new Promise((resolve) => setImmediate(resolve));
    const fetchedWhileHeld = level2Fetched;
    release();
    const result = await crawl;
    expect(fetchedWhileHeld, 'a level-2 record fetched while the commits were held').toBe(true);
    expect(result.status).toBe('finished');
    expect(fetchedRefs(store)).toEqual(truthOf(2).fetched);
    expect(world.mostRequestsOfOnePath()).toBe(1);
  });

  it.each([1, 2])(
    'keeps fetching while slow commits are written (%i at once), up to maxWaitingRecords waiting',
    async (commitsInFlight) => {
      const world = new World();
      const store = new MemoryFrontierStore();
      let committed = 0;
      let mostUncommitted = 0;
      let writing = 0;
      let mostWriting = 0;
      store.gate = async (operation, args) => {
        if (operation !== 'commit') return;
        writing += 1;
        mostWriting = Math.max(mostWriting, writing);
        // Each commit takes 30 turns of the event loop: fetching goes on meanwhile.
        for (let i = 0; i < 30; i++) {
          mostUncommitted = Math.max(mostUncommitted, world.requests.length - committed);
          await new Promise((resolve) => setImmediate(resolve));
        }
        committed += (args[1] as { done: unknown[] }).done.length;
        writing -= 1;
      };
      const result = await runCrawl(
        request({ maxDepth: 3, commitEvery: 10, commitsInFlight }),
        deps(world, store, { maxWaitingRecords: 50 }),
      );
      expect(result.status).toBe('finished');
      expect(fetchedRefs(store)).toEqual(truthOf(3).fetched);
      expect(mostWriting).toBe(commitsInFlight);
      // More than one commit's worth waits (with maxWaitingRecords 10 the most is 2 x (10 + 8)), never
      // more than the commits being written (each <= 50 + in flight) plus 50 waiting plus 8 in flight.
      expect(mostUncommitted).toBeGreaterThan(2 * (10 + 8));
      expect(mostUncommitted).toBeLessThanOrEqual((commitsInFlight + 1) * (50 + 8));
    },
  );

  it('keeps the raw text of the waiting records within maxWaitingRawChars, whatever maxWaitingRecords allows', async () => {
    const rawCharsOf = (commit: { batches: { nodes: { raw: string | null }[] }[] }) =>
      commit.batches.flatMap((b) => b.nodes).reduce((sum, n) => sum + (n.raw?.length ?? 0), 0);
    const slowCommits = async (maxWaitingRawChars?: number) => {
      const world = new World();
      const store = new MemoryFrontierStore();
      let largestCommitChars = 0;
      let largestRecordChars = 0;
      store.gate = async (operation, args) => {
        if (operation !== 'commit') return;
        const commit = args[1] as Parameters<typeof rawCharsOf>[0] & { done: unknown[] };
        largestCommitChars = Math.max(largestCommitChars, rawCharsOf(commit));
        for (const batch of commit.batches)
          for (const n of batch.nodes) largestRecordChars = Math.max(largestRecordChars, n.raw?.length ?? 0);
        for (let i = 0; i < 30; i++) await new Promise((resolve) => setImmediate(resolve));
      };
      const extra = maxWaitingRawChars === undefined ? {} : { maxWaitingRawChars };
      const result = await runCrawl(request({ maxDepth: 3, commitEvery: 10 }), deps(world, store, { maxWaitingRecords: 50, ...extra }));
      expect(result.status).toBe('finished');
      expect(fetchedRefs(store)).toEqual(truthOf(3).fetched);
      return { largestCommitChars, largestRecordChars };
    };
    const unbounded = await slowCommits();
    const capChars = Math.round(unbounded.largestCommitChars / 5);
    const bounded = await slowCommits(capChars);
    // A commit takes what waited (under the cap when the last record came in) plus what was in flight (8).
    expect(bounded.largestCommitChars).toBeLessThanOrEqual(capChars + 9 * bounded.largestRecordChars);
    expect(bounded.largestCommitChars).toBeLessThan(unbounded.largestCommitChars / 2);
  });

  it('refuses to run a crawl that another live process runs, requesting nothing; runs it once that one ends', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    const other = { id: 'other-run', pid: 4242, host: 'this-host' };
    const live = deps(world, store, { lockHolder: other });
    const running = runCrawl(request({ maxDepth: 2 }), {
      ...live,
      fetch: async (ref) => {
        if (world.requests.length === 5) {
          // Same clock: the other run's lease is running.
          const me = deps(world, store, {
            lockHolder: { id: 'me', pid: 1, host: 'this-host' },
            isProcessAlive: () => true,
            clock: live.clock,
          });
          await expect(runCrawl(request({ maxDepth: 2 }), me)).rejects.toMatchObject({
            code: 'CRAWL_LOCKED',
            message: expect.stringContaining('4242'),
          });
        }
        return world.fetch(ref);
      },
    });
    expect((await running).status).toBe('finished');
    expect(world.mostRequestsOfOnePath()).toBe(1);
    const again = await runCrawl(request({ maxDepth: 2, refresh: true }), deps(world, store, { isProcessAlive: () => true }));
    expect(again.status).toBe('finished');
  });

  describe('--max-age: never pay twice for a fresh record', () => {
    const seedsA = seeds.slice(0, 1);
    const seedsB = seeds.slice(1, 2);
    const ballOf = (s: LandingRef[], depth: number) => reachable(graph, s as { kind: 'company'; id: number }[], depth);
    const paths = (refs: { kind: string; id: number }[]) => new Set(refs.map((r) => `/api/v1/landing/${r.kind}/${r.id}`));
    const requestOf = (s: LandingRef[], options: CrawlOptionsInput) => ({
      seeds: s,
      options: parseCrawlOptions({ commitEvery: 10, ...options }),
      baseUrl: BASE_URL,
    });

    it('a second crawl requests only what the first did not fetch, and expands the rest from the graph', async () => {
      const world = new World();
      const store = new MemoryFrontierStore();
      await runCrawl(requestOf(seedsA, { maxDepth: 2 }), deps(world, store));
      const first = world.requests.length;
      const second = await runCrawl(requestOf(seedsB, { maxDepth: 2 }), deps(world, store));
      const ballA = ballOf(seedsA, 2);
      const ballB = ballOf(seedsB, 2);
      const fetchedByA = paths(ballA.fetched);
      const expected = [...paths([...ballB.fetched, ...ballB.notFound])].filter((p) => !fetchedByA.has(p));
      expect(world.requests.slice(first).sort()).toEqual(expected.sort());
      expect(second.totals.reused).toBe(ballB.fetched.filter((r) => fetchedByA.has(`/api/v1/landing/${r.kind}/${r.id}`)).length);
      expect(second.totals.reused).toBeGreaterThan(0);
      expect(second.progress.reused).toBe(second.totals.reused);
      // The ball is the same as a crawl that fetched everything: every record of B's ball settled.
      expect(store.tasksIn(second.crawlId, 'done').length).toBeGreaterThanOrEqual(ballB.fetched.length);
      expect(store.tasksIn(second.crawlId, 'queued')).toEqual([]);
    });

    it('--max-age 0 requests every record again', async () => {
      const world = new World();
      const store = new MemoryFrontierStore();
      await runCrawl(requestOf(seedsA, { maxDepth: 2 }), deps(world, store));
      const first = world.requests.length;
      const second = await runCrawl(requestOf(seedsB, { maxDepth: 2, maxAgeMs: 0 }), deps(world, store));
      const ballB = ballOf(seedsB, 2);
      expect(world.requests.length - first).toBe(ballB.fetched.length + ballB.notFound.length);
      expect(second.totals.reused).toBe(0);
    });

    it('--refresh-older-than requests again exactly the records fetched before the cut', async () => {
      const world = new World();
      const store = new MemoryFrontierStore();
      // Each run's clock starts a minute after the last: A at t, B at t + 1 min, B again at t + 2 min.
      await runCrawl(requestOf(seedsA, { maxDepth: 2 }), deps(world, store));
      await runCrawl(requestOf(seedsB, { maxDepth: 2 }), deps(world, store));
      const before = world.requests.length;
      const again = await runCrawl(requestOf(seedsB, { maxDepth: 2, refreshOlderThanMs: 90_000 }), deps(world, store));
      expect(again.alreadyComplete).toBe(false);
      // The cut is t + 30 s: what A fetched at t is asked again, what B fetched at t + 1 min is reused.
      const fetchedByA = paths(ballOf(seedsA, 2).fetched);
      const ballB = ballOf(seedsB, 2);
      const expected = [...paths(ballB.fetched)].filter((p) => fetchedByA.has(p)).concat([...paths(ballB.notFound)]);
      expect(world.requests.slice(before).sort()).toEqual(expected.sort());
      expect(expected.length).toBeGreaterThan(ballB.notFound.length);
      expect(again.totals.reused).toBeGreaterThan(0);
      expect(again.totals.reused).toBe(ballB.fetched.length - [...paths(ballB.fetched)].filter((p) => fetchedByA.has(p)).length);
    });
  });

  describe('--max-records', () => {
    it('stops after exactly N requests, and a raised budget goes on to exactly the new N', async () => {
      const world = new World();
      const store = new MemoryFrontierStore();
      const first = await runCrawl(request({ maxDepth: 3, maxRecords: 30 }), deps(world, store));
      expect(first.status).toBe('budget');
      expect(world.requests.length).toBe(30);
      expect(first.totals.requested).toBe(30);
      const second = await runCrawl(request({ maxDepth: 3, maxRecords: 50 }), deps(world, store));
      expect(second.resumed).toBe(true);
      expect(second.status).toBe('budget');
      expect(world.requests.length).toBe(50);
      expect(second.totals.requested).toBe(50);
      expect(world.mostRequestsOfOnePath()).toBe(1);
    });

    it('a budget larger than the ball finishes the crawl', async () => {
      const world = new World();
      const store = new MemoryFrontierStore();
      const result = await runCrawl(request({ maxDepth: 1, maxRecords: 10_000 }), deps(world, store));
      expect(result.status).toBe('finished');
      expect(world.requests.length).toBe(truthOf(1).requests);
    });

    it('counts exactly across a kill: what was in flight is requested again, the total still ends at N', async () => {
      const world = new World();
      const store = new MemoryFrontierStore();
      // The process "dies" at its 4th commit: from then on nothing reaches the store, not even endRun.
      let commits = 0;
      store.gate = (operation) => {
        if (operation === 'commit') commits += 1;
        if (commits >= 4) throw new LandingGraphError('NEO4J_QUERY', 'killed');
      };
      await expect(runCrawl(request({ maxDepth: 3, maxRecords: 300 }), deps(world, store))).rejects.toThrow('killed');
      const requestedBeforeKill = world.requests.length;
      const committed = [...store.crawls.values()][0]!.requested;
      expect(committed).toBeGreaterThan(0);
      expect(requestedBeforeKill).toBeGreaterThan(committed);
      store.gate = () => undefined;
      const resumed = await runCrawl(request({ maxDepth: 3, maxRecords: 100 }), deps(world, store));
      expect(resumed.resumed).toBe(true);
      expect(resumed.status).toBe('budget');
      expect(resumed.totals.requested).toBe(100);
      // The service saw the 100 plus the lost in-flight ones, each asked for at most twice.
      expect(world.requests.length).toBe(100 + (requestedBeforeKill - committed));
      expect(world.mostRequestsOfOnePath()).toBeLessThanOrEqual(2);
    });
  });

  it('an abort writes what is in flight and the same call resumes without asking anything twice', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    const abort = new AbortController();
    const fetch = (ref: LandingRef) => {
      if (world.requests.length === 40) abort.abort();
      return world.fetch(ref);
    };
    await expect(runCrawl(request({ maxDepth: 2 }), deps(world, store, { fetch, signal: abort.signal }))).rejects.toMatchObject({
      code: 'CRAWL_ABORTED',
    });
    expect([...store.crawls.values()][0]!.status).toBe('interrupted');
    const resumed = await runCrawl(request({ maxDepth: 2 }), deps(world, store));
    expect(resumed.resumed).toBe(true);
    expect(resumed.status).toBe('finished');
    expect(fetchedRefs(store)).toEqual(truthOf(2).fetched);
    expect(world.mostRequestsOfOnePath()).toBe(1);
  });

  it('waits out a commit that fails while Neo4j is away, then goes on', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    let failures = 0;
    store.gate = (operation) => {
      if (operation === 'commit' && failures < 3) {
        failures += 1;
        throw new LandingGraphError('NEO4J_UNAVAILABLE', 'Neo4j is restarting');
      }
    };
    const result = await runCrawl(request({ maxDepth: 2 }), deps(world, store));
    expect(failures).toBe(3);
    expect(result.status).toBe('finished');
    expect(fetchedRefs(store)).toEqual(truthOf(2).fetched);
    expect(world.mostRequestsOfOnePath()).toBe(1);
  });

  it('gives up on a Neo4j away for longer than neo4jRetryMs, with its error and the crawl resumable', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    let commits = 0;
    store.gate = (operation) => {
      if (operation === 'commit' && ++commits >= 2) throw new LandingGraphError('NEO4J_UNAVAILABLE', 'Neo4j is gone');
      if (operation === 'endRun' && commits >= 2) throw new LandingGraphError('NEO4J_UNAVAILABLE', 'Neo4j is gone');
    };
    await expect(runCrawl(request({ maxDepth: 2, neo4jRetryMs: 60_000 }), deps(world, store))).rejects.toMatchObject({
      code: 'NEO4J_UNAVAILABLE',
    });
    store.gate = () => undefined;
    const resumed = await runCrawl(request({ maxDepth: 2 }), deps(world, store));
    expect(resumed.status).toBe('finished');
    expect(fetchedRefs(store)).toEqual(truthOf(2).fetched);
  });

  it('records a budget stop even when Neo4j is away at that moment (not left running)', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    let awayFor = 0;
    store.gate = (operation) => {
      // Neo4j goes away right after the last commit of the budget: the final reads and endRun wait it out.
      if ((operation === 'levels' || operation === 'endRun') && world.requests.length >= 20 && awayFor < 4) {
        awayFor += 1;
        throw new LandingGraphError('NEO4J_UNAVAILABLE', 'Neo4j is restarting');
      }
    };
    const result = await runCrawl(request({ maxDepth: 3, maxRecords: 20 }), deps(world, store));
    expect(awayFor).toBe(4);
    expect(result.status).toBe('budget');
    expect([...store.crawls.values()][0]!.status).toBe('budget');
  });

  it('a commit that throws at once ends the run with its error and leaves no unhandled rejection', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    store.gate = (operation) => {
      if (operation === 'commit') throw new LandingGraphError('NEO4J_QUERY', 'statement refused');
    };
    await expect(runCrawl(request({ maxDepth: 2 }), deps(world, store))).rejects.toMatchObject({ code: 'NEO4J_QUERY' });
    expect([...store.crawls.values()][0]!.status).toBe('failed');
    // Let any stray promise settle before afterEach looks for unhandled rejections.
    await new Promise((resolve) => setImmediate(resolve));
  });

  it('a fatal answer (key refused) stops at once, is recorded, and the crawl stays resumable', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    world.fault = (_ref, nth) => (nth >= 5 ? new LandingGraphError('API_AUTH', 'key refused') : undefined);
    await expect(runCrawl(request({ maxDepth: 2 }), deps(world, store))).rejects.toMatchObject({ code: 'API_AUTH' });
    const crawl = [...store.crawls.values()][0]!;
    expect(crawl.status).toBe('failed');
    expect(crawl.error).toBe('key refused');
    world.fault = () => undefined;
    const resumed = await runCrawl(request({ maxDepth: 2 }), deps(world, store));
    expect(resumed.status).toBe('finished');
    expect(fetchedRefs(store)).toEqual(truthOf(2).fetched);
  });

  it('ends incomplete when records failed for good; the same call retries them and what lies behind them', async () => {
    const world = new World();
    const store = new MemoryFrontierStore();
    const [seed] = seeds;
    const failing = `/api/v1/landing/company/${seed!.id}`;
    world.fault = (ref) =>
      refPath(ref) === failing ? new LandingGraphError('API_RETRIES_EXHAUSTED', 'gave up after 6 attempts') : undefined;
    const first = await runCrawl(request({ maxDepth: 2 }), deps(world, store));
    expect(first.status).toBe('incomplete');
    expect(first.totals.failed).toBe(1);
    expect(fetchedRefs(store)).not.toEqual(truthOf(2).fetched);
    world.fault = () => undefined;
    const second = await runCrawl(request({ maxDepth: 2 }), deps(world, store));
    expect(second.resumed).toBe(true);
    expect(second.requeuedFailed).toBe(1);
    expect(second.status).toBe('finished');
    expect(second.totals.failed).toBe(0);
    // Everything the failed seed leads to, at its true depth: the ball equals a clean crawl's.
    expect(fetchedRefs(store)).toEqual(truthOf(2).fetched);
    const third = await runCrawl(request({ maxDepth: 2 }), deps(world, store));
    expect(third.alreadyComplete).toBe(true);
  });
});
