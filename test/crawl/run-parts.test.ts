import { describe, expect, it } from 'vitest';
import { type CrawlRequest, planRun } from '../../src/crawl/bootstrap.js';
import { MAX_WAITING_RECORDS, waitingRecordsFor } from '../../src/crawl/buffer-size.js';
import { DispatchSlots } from '../../src/crawl/dispatch-slots.js';
import { finalStatus } from '../../src/crawl/final-status.js';
import type { Commit, CrawlCounts, CrawlStatus } from '../../src/crawl/frontier-store.js';
import { type CrawlOptionsInput, parseCrawlOptions } from '../../src/crawl/options.js';
import { progressOf } from '../../src/crawl/progress.js';
import { RunLedger } from '../../src/crawl/run-ledger.js';
import { RunStop } from '../../src/crawl/run-stop.js';
import { reuseNotBeforeIso, settlePolicyOf } from '../../src/crawl/task-handler.js';
import { UncommittedTasks } from '../../src/crawl/uncommitted.js';
import { waitOutNeo4j } from '../../src/crawl/wait-out-neo4j.js';
import { LandingGraphError } from '../../src/errors.js';

describe('finalStatus', () => {
  it.each([
    [{ stopping: undefined, frontierEmpty: true, failedRecords: 0 }, 'finished'],
    [{ stopping: undefined, frontierEmpty: true, failedRecords: 2 }, 'incomplete'],
    [{ stopping: 'budget', frontierEmpty: false, failedRecords: 0 }, 'budget'],
    [{ stopping: 'budget', frontierEmpty: true, failedRecords: 0 }, 'finished'],
    [{ stopping: 'budget', frontierEmpty: true, failedRecords: 1 }, 'incomplete'],
    [{ stopping: 'interrupted', frontierEmpty: false, failedRecords: 1 }, 'interrupted'],
    [{ stopping: 'failed', frontierEmpty: false, failedRecords: 0 }, 'failed'],
  ] as const)('%j -> %s', (end, status) => {
    expect(finalStatus(end)).toBe(status);
  });
});

describe('progressOf', () => {
  const run = { fetched: 80, missing: 10, failed: 5, invalid: 5, reused: 0, nodesWritten: 900, edgesWritten: 1200 };
  it('rates settled records over the elapsed time and passes the estimate of the time left on', () => {
    const p = progressOf({
      crawlId: 'c',
      depth: 1,
      maxDepth: 2,
      run,
      inFlight: 3,
      toFetch: 50,
      retries: 4,
      rateLimitWaits: 1,
      elapsedMs: 10_000,
      left: { tasks: 70, etaMs: 2_000 },
    });
    expect(p.recordsPerSecond).toBe(10);
    expect(p).toMatchObject({ etaMs: 2_000, leftEstimate: 70 });
    expect(p).toMatchObject({ fetched: 80, missing: 10, failed: 5, invalid: 5, inFlight: 3, toFetch: 50, nodesWritten: 900 });
  });
  it('has no rate and no estimate at the start, and never a negative count to fetch', () => {
    const zero = { fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0, nodesWritten: 0, edgesWritten: 0 };
    const p = progressOf({
      crawlId: 'c',
      depth: 0,
      maxDepth: 2,
      run: zero,
      inFlight: 0,
      toFetch: -2,
      retries: 0,
      rateLimitWaits: 0,
      elapsedMs: 0,
    });
    expect(p.recordsPerSecond).toBe(0);
    expect(p.etaMs).toBeUndefined();
    expect(p.leftEstimate).toBeUndefined();
    expect(p.toFetch).toBe(0);
  });
});

describe('DispatchSlots', () => {
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  it('holds a fetch while maxInFlight are on their way or the buffer is full, and lets it go on release', async () => {
    let room = true;
    const slots = new DispatchSlots(2, () => room);
    expect(await slots.acquire(() => false)).toBe(true);
    expect(await slots.acquire(() => false)).toBe(true);
    let third: boolean | undefined;
    void slots
      .acquire(() => false)
      .then((ok) => {
        third = ok;
      });
    await turn();
    expect(third).toBeUndefined();
    room = false;
    slots.release();
    await turn();
    expect(third).toBeUndefined();
    room = true;
    slots.wake();
    await turn();
    expect(third).toBe(true);
    expect(slots.inFlight).toBe(2);
  });
  it('answers false to a waiter once the run stops', async () => {
    const slots = new DispatchSlots(1, () => true);
    await slots.acquire(() => false);
    let stopping = false;
    const waiting = slots.acquire(() => stopping);
    stopping = true;
    slots.wake();
    expect(await waiting).toBe(false);
    expect(slots.inFlight).toBe(1);
  });
});

describe('UncommittedTasks', () => {
  it('knows what is taken, and which levels still have work to commit', () => {
    const tasks = new UncommittedTasks();
    tasks.dispatched({ uid: 'a', depth: 1 });
    tasks.dispatched({ uid: 'b', depth: 2 });
    expect(tasks.taken('a')).toBe(true);
    expect(tasks.anyUpTo(1)).toBe(true);
    tasks.committed(['a']);
    expect(tasks.anyUpTo(1)).toBe(false);
    expect(tasks.anyUpTo(2)).toBe(true);
    // Committed since the page was read: the page still shows it queued.
    expect(tasks.taken('a')).toBe(true);
    tasks.forgetPage();
    expect(tasks.taken('a')).toBe(false);
  });
});

describe('waitOutNeo4j', () => {
  const unavailable = () => new LandingGraphError('NEO4J_UNAVAILABLE', 'away');
  function clock() {
    let nowMs = 0;
    const slept: number[] = [];
    return {
      slept,
      now: () => nowMs,
      sleep: async (ms: number) => {
        slept.push(ms);
        nowMs += ms;
      },
    };
  }
  it('retries while Neo4j is unavailable, polling at most every 2 s', async () => {
    const c = clock();
    let calls = 0;
    const result = await waitOutNeo4j(
      async () => {
        if (++calls < 6) throw unavailable();
        return 'ok';
      },
      { maxWaitMs: 60_000, clock: c },
    );
    expect(result).toBe('ok');
    expect(c.slept).toEqual([500, 1000, 2000, 2000, 2000]);
  });
  it('waits out a memory limit as an outage: another transaction may hold the pool', async () => {
    const c = clock();
    let calls = 0;
    const result = await waitOutNeo4j(
      async () => {
        if (++calls < 3) throw new LandingGraphError('NEO4J_MEMORY', 'pool full');
        return 'ok';
      },
      { maxWaitMs: 60_000, clock: c },
    );
    expect(result).toBe('ok');
    expect(c.slept).toEqual([500, 1000]);
  });
  it('throws after maxWaitMs, and at once for any other error', async () => {
    const c = clock();
    await expect(
      waitOutNeo4j(async () => Promise.reject(unavailable()), {
        maxWaitMs: 10_000,
        clock: c,
      }),
    ).rejects.toMatchObject({ code: 'NEO4J_UNAVAILABLE' });
    expect(c.now()).toBeGreaterThanOrEqual(10_000);
    const d = clock();
    await expect(
      waitOutNeo4j(async () => Promise.reject(new LandingGraphError('NEO4J_QUERY', 'bad')), { maxWaitMs: 10_000, clock: d }),
    ).rejects.toMatchObject({
      code: 'NEO4J_QUERY',
    });
    expect(d.slept).toEqual([]);
  });
});

describe('waitingRecordsFor', () => {
  it('holds five seconds of requests at the rate, at least a commit, at most MAX_WAITING_RECORDS', () => {
    expect(waitingRecordsFor(100, 100)).toBe(500);
    expect(waitingRecordsFor(10, 100)).toBe(100);
    expect(waitingRecordsFor(1_000_000, 100)).toBe(MAX_WAITING_RECORDS);
    expect(waitingRecordsFor(Infinity, 100)).toBe(MAX_WAITING_RECORDS);
  });
});

describe('planRun', () => {
  const FP = 'f00dfeedf00dfeed';
  const STARTED = Date.UTC(2025, 0, 2, 3, 4, 5);
  const request = (options: CrawlOptionsInput = {}): CrawlRequest => ({
    seeds: [
      { kind: 'domain', id: 7 },
      { kind: 'company', key: '7701234567' },
      { kind: 'domain', id: 7 },
    ],
    options: parseCrawlOptions(options),
    baseUrl: 'http://service.test',
  });

  it('creates a crawl when none ran: an id from the fingerprint and the start, the seeds once each at depth 0', () => {
    const req = request({ maxDepth: 2 });
    const plan = planRun(req, FP, undefined, STARTED);
    const crawlId = `${FP}-${STARTED.toString(36)}`;
    expect(plan).toEqual({
      action: 'create',
      crawlId,
      crawl: {
        id: crawlId,
        fingerprint: FP,
        seeds: ['domain#7', 'company:7701234567'],
        maxDepth: 2,
        options: JSON.stringify(req.options),
        baseUrl: 'http://service.test',
      },
      seeds: [
        { uid: `${crawlId}|domain#7`, kind: 'domain', id: 7, key: null },
        { uid: `${crawlId}|company:7701234567`, kind: 'company', id: null, key: '7701234567' },
      ],
    });
    // Another start, another crawl id.
    expect(planRun(req, FP, undefined, STARTED + 1).crawlId).not.toBe(crawlId);
  });

  it('requests nothing when the same crawl finished and no refresh was asked for', () => {
    expect(planRun(request(), FP, { id: 'old', status: 'finished' }, STARTED)).toEqual({ action: 'finished', crawlId: 'old' });
  });

  it.each([{ refresh: true }, { refreshOlderThanMs: 3_600_000 }, { refreshOlderThanMs: 0 }])(
    'creates a new crawl beside a finished one under %j',
    (options) => {
      const plan = planRun(request(options), FP, { id: 'old', status: 'finished' }, STARTED);
      expect(plan.action).toBe('create');
      expect(plan.crawlId).toBe(`${FP}-${STARTED.toString(36)}`);
    },
  );

  it.each(['running', 'incomplete', 'interrupted', 'failed', 'budget'] satisfies CrawlStatus[])(
    'resumes a crawl whose last run ended %s, a refresh or not',
    (status) => {
      const latest = { id: 'unfinished', status };
      expect(planRun(request(), FP, latest, STARTED)).toEqual({ action: 'resume', crawlId: 'unfinished' });
      expect(planRun(request({ refresh: true }), FP, latest, STARTED)).toEqual({ action: 'resume', crawlId: 'unfinished' });
    },
  );
});

describe('RunLedger', () => {
  const counts = (c: Partial<CrawlCounts> = {}): CrawlCounts => ({
    requested: 0,
    fetched: 0,
    missing: 0,
    failed: 0,
    invalid: 0,
    reused: 0,
    ...c,
  });
  const commit = (c: Partial<CrawlCounts>, done: number, queued: number): Commit => ({
    batches: [],
    pivots: [],
    done: Array.from({ length: done }, (_, i) => ({ uid: `done-${i}`, state: 'done' as const, error: null })),
    aliases: [],
    queue: Array.from({ length: queued }, (_, i) => ({ uid: `q-${i}`, kind: 'domain' as const, id: i, key: null, depth: 1 })),
    counts: counts(c),
  });

  it('adds a commit to the crawl totals and to this run, lowers the records to fetch by those it settled and counts what it listed', () => {
    const totals = counts({ requested: 10, fetched: 6, missing: 1, failed: 2, invalid: 1, reused: 3 });
    const ledger = new RunLedger(totals, undefined);
    ledger.toFetch = 10;
    ledger.committed(commit({ requested: 4, fetched: 2, missing: 1, failed: 0, invalid: 1, reused: 2 }, 6, 9));
    expect(ledger.totals).toBe(totals);
    expect(totals).toEqual({ requested: 14, fetched: 8, missing: 2, failed: 2, invalid: 2, reused: 5 });
    expect(ledger.counters).toEqual({ fetched: 2, missing: 1, failed: 0, invalid: 1, reused: 2, nodesWritten: 0, edgesWritten: 0 });
    // Its 9 queue rows may all name records already queued: the next count in the frontier adds the new ones.
    expect(ledger.toFetch).toBe(4);
    expect(ledger.listed).toBe(9);
    expect(ledger.settled()).toBe(8 + 2 + 2 + 2 + 5);
    ledger.wrote({ nodes: 30, edges: 40 });
    ledger.wrote({ nodes: 1, edges: 2 });
    expect(ledger.counters).toMatchObject({ nodesWritten: 31, edgesWritten: 42 });
  });

  it('never spends a budget it does not have', () => {
    const ledger = new RunLedger(counts({ requested: 1_000_000 }), undefined);
    ledger.requested();
    expect(ledger.budgetSpent()).toBe(false);
  });

  it('counts the committed requests of all runs and the uncommitted ones of this run against --max-records', () => {
    // 8 requested by earlier runs; a budget of 10.
    const ledger = new RunLedger(counts({ requested: 8 }), 10);
    expect(ledger.budgetSpent()).toBe(false);
    ledger.requested();
    expect(ledger.budgetSpent()).toBe(false);
    ledger.requested();
    expect(ledger.budgetSpent()).toBe(true);
    // A request the run dropped gives its place back.
    ledger.dropped();
    expect(ledger.budgetSpent()).toBe(false);
    // Its commit moves the one on its way into the totals: counted once, not twice.
    ledger.committed(commit({ requested: 1, fetched: 1 }, 1, 0));
    expect(ledger.totals.requested).toBe(9);
    expect(ledger.budgetSpent()).toBe(false);
    ledger.requested();
    expect(ledger.budgetSpent()).toBe(true);
  });

  it('is spent at once when earlier runs used the budget up', () => {
    expect(new RunLedger(counts({ requested: 10 }), 10).budgetSpent()).toBe(true);
    expect(new RunLedger(counts({ requested: 12 }), 10).budgetSpent()).toBe(true);
  });
});

describe('RunStop', () => {
  it('goes on until stopped; the first reason holds', () => {
    const stop = new RunStop();
    expect(stop.reason).toBeUndefined();
    expect(stop.fatal).toBeUndefined();
    stop.stop('budget');
    stop.stop('interrupted');
    expect(stop.reason).toBe('budget');
    expect(stop.fatal).toBeUndefined();
  });

  it('lets a failure override any other reason, and keeps the error of the first failure', () => {
    const first = new Error('first');
    const stop = new RunStop();
    stop.stop('interrupted');
    stop.stop('failed', first);
    expect(stop.reason).toBe('failed');
    expect(stop.fatal).toBe(first);
    stop.stop('failed', new Error('second'));
    stop.stop('budget');
    expect(stop.reason).toBe('failed');
    expect(stop.fatal).toBe(first);
  });

  it('tells every listener of every stop, the repeated ones too', () => {
    const stop = new RunStop();
    const heard: string[] = [];
    stop.onStop(() => heard.push(`a:${stop.reason}`));
    stop.onStop(() => heard.push(`b:${stop.reason}`));
    stop.stop('budget');
    stop.stop('budget');
    stop.stop('failed', new Error('x'));
    expect(heard).toEqual(['a:budget', 'b:budget', 'a:budget', 'b:budget', 'a:failed', 'b:failed']);
  });
});

describe('reuseNotBeforeIso', () => {
  const STARTED = Date.UTC(2025, 5, 10, 12, 0, 0);
  const HOUR = 3_600_000;
  const cutOff = (options: CrawlOptionsInput) => reuseNotBeforeIso(parseCrawlOptions(options), STARTED);

  it('reuses answers younger than --max-age (7 days by default) at the run start', () => {
    expect(cutOff({})).toBe('2025-06-03T12:00:00.000Z');
    expect(cutOff({ maxAgeMs: 2 * HOUR })).toBe('2025-06-10T10:00:00.000Z');
  });

  it('takes --refresh-older-than instead of --max-age when given', () => {
    expect(cutOff({ maxAgeMs: 2 * HOUR, refreshOlderThanMs: 30 * 60_000 })).toBe('2025-06-10T11:30:00.000Z');
    expect(cutOff({ maxAgeMs: 2 * HOUR, refreshOlderThanMs: 48 * HOUR })).toBe('2025-06-08T12:00:00.000Z');
  });

  it.each([{ maxAgeMs: 0 }, { refresh: true }, { refresh: true, refreshOlderThanMs: HOUR }, { refreshOlderThanMs: 0 }])(
    'reuses nothing under %j',
    (options) => {
      expect(cutOff(options)).toBeUndefined();
    },
  );
});

describe('settlePolicyOf', () => {
  it('turns the options into sets, and names records by key only when entities are followed', () => {
    const lists = settlePolicyOf('c1', parseCrawlOptions({ maxDepth: 3, maxFanout: 5, skip: ['domain#1'], kinds: ['domain'] }));
    expect(lists).toEqual({
      crawlId: 'c1',
      maxDepth: 3,
      follow: new Set(['related', 'similar', 'competitor']),
      kinds: new Set(['domain']),
      maxFanout: 5,
      skip: new Set(['domain#1']),
      aliasKeys: false,
    });
    expect(settlePolicyOf('c1', parseCrawlOptions({ follow: ['related', 'contacts'] })).aliasKeys).toBe(true);
    expect(settlePolicyOf('c1', parseCrawlOptions({ follow: ['requisites'] })).aliasKeys).toBe(true);
  });
});
