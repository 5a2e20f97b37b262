import { describe, expect, it } from 'vitest';
import { MAX_WAITING_RECORDS, waitingRecordsFor } from '../../src/crawl/buffer-size.js';
import { DispatchSlots } from '../../src/crawl/dispatch-slots.js';
import { finalStatus } from '../../src/crawl/final-status.js';
import { progressOf } from '../../src/crawl/progress.js';
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
  it('rates settled records over the elapsed time and estimates the rest', () => {
    const p = progressOf({
      crawlId: 'c',
      depth: 1,
      maxDepth: 2,
      run,
      inFlight: 3,
      queued: 50,
      retries: 4,
      rateLimitWaits: 1,
      elapsedMs: 10_000,
    });
    expect(p.recordsPerSecond).toBe(10);
    expect(p.etaMs).toBe(5_000);
    expect(p).toMatchObject({ fetched: 80, missing: 10, failed: 5, invalid: 5, inFlight: 3, queued: 50, nodesWritten: 900 });
  });
  it('has no rate and no estimate at the start, and never a negative queue', () => {
    const zero = { fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0, nodesWritten: 0, edgesWritten: 0 };
    const p = progressOf({
      crawlId: 'c',
      depth: 0,
      maxDepth: 2,
      run: zero,
      inFlight: 0,
      queued: -2,
      retries: 0,
      rateLimitWaits: 0,
      elapsedMs: 0,
    });
    expect(p.recordsPerSecond).toBe(0);
    expect(p.etaMs).toBeUndefined();
    expect(p.queued).toBe(0);
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
      { maxWaitMs: 60_000, ...c },
    );
    expect(result).toBe('ok');
    expect(c.slept).toEqual([500, 1000, 2000, 2000, 2000]);
  });
  it('throws after maxWaitMs, and at once for any other error', async () => {
    const c = clock();
    await expect(
      waitOutNeo4j(async () => Promise.reject(unavailable()), {
        maxWaitMs: 10_000,
        ...c,
      }),
    ).rejects.toMatchObject({ code: 'NEO4J_UNAVAILABLE' });
    expect(c.now()).toBeGreaterThanOrEqual(10_000);
    const d = clock();
    await expect(
      waitOutNeo4j(async () => Promise.reject(new LandingGraphError('NEO4J_QUERY', 'bad')), { maxWaitMs: 10_000, ...d }),
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
