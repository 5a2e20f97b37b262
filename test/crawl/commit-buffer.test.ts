import { describe, expect, it } from 'vitest';
import { CommitBuffer } from '../../src/crawl/commit-buffer.js';
import type { Commit } from '../../src/crawl/frontier-store.js';

/** A record's settlement; `queues`: it queues a task one level deeper (it is not of the last level). */
const settlement = (uid: string, queues = false): Commit => ({
  batches: [],
  pivots: [],
  done: [{ uid, state: 'done', error: null }],
  aliases: [],
  queue: queues ? [{ uid: `${uid}-child`, kind: 'company', id: 1, key: null, depth: 1 }] : [],
  counts: { requested: 1, fetched: 1, missing: 0, failed: 0, invalid: 0, reused: 0 },
});

/** A buffer whose timer fires only when the test says so. */
function setUp(write: (commit: Commit) => Promise<void> = async () => undefined, commitsInFlight?: number) {
  const timers: (() => void)[] = [];
  const log: string[] = [];
  const buffer = new CommitBuffer({
    commitEvery: 3,
    commitIntervalMs: 500,
    ...(commitsInFlight === undefined ? {} : { commitsInFlight }),
    write: async (commit) => {
      log.push(`write ${commit.done.map((d) => d.uid).join(',')}`);
      await write(commit);
    },
    onWritten: (commit) => log.push(`written ${commit.counts.requested}`),
    onFailed: (error) => log.push(`failed ${(error as Error).message}`),
    onRoom: () => log.push('room'),
    setTimer: (callback) => {
      timers.push(callback);
      return () => timers.splice(timers.indexOf(callback), 1);
    },
  });
  return { buffer, timers, log };
}

describe('CommitBuffer', () => {
  it('starts a commit as soon as commitEvery records wait, and merges them', async () => {
    const { buffer, log } = setUp();
    for (const uid of ['a', 'b', 'c']) buffer.add(settlement(uid));
    await buffer.flush();
    expect(log).toEqual(['room', 'write a,b,c', 'written 3']);
  });

  it('commits fewer records when the interval passes, with one timer at a time', async () => {
    const { buffer, timers, log } = setUp();
    buffer.add(settlement('a'));
    buffer.add(settlement('b'));
    expect(timers).toHaveLength(1);
    expect(buffer.waiting).toBe(2);
    timers[0]!();
    await buffer.flush();
    expect(log).toEqual(['room', 'write a,b', 'written 2']);
    expect(buffer.waiting).toBe(0);
  });

  it('runs commits one after another, each taking what waits when it starts', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    const { buffer, log } = setUp(async () => {
      if (first) {
        first = false;
        await held;
      }
    });
    for (const uid of ['a', 'b', 'c']) buffer.add(settlement(uid));
    await Promise.resolve();
    for (const uid of ['d', 'e', 'f', 'g']) buffer.add(settlement(uid));
    release();
    await buffer.flush();
    expect(log.filter((l) => l.startsWith('write'))).toEqual(['write a,b,c', 'write d,e,f,g']);
  });

  it('writes up to commitsInFlight commits at once, and starts a due one when one of them ends', async () => {
    const releases: (() => void)[] = [];
    let writing = 0;
    let mostWriting = 0;
    const { buffer, log } = setUp(async () => {
      writing += 1;
      mostWriting = Math.max(mostWriting, writing);
      await new Promise<void>((resolve) => releases.push(resolve));
      writing -= 1;
    }, 2);
    for (const uid of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) {
      buffer.add(settlement(uid));
      await Promise.resolve();
    }
    // Two commits are being written; the third commit's worth waits for one of them to end.
    expect(buffer.writing).toBe(2);
    expect(buffer.waiting).toBe(3);
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(buffer.writing).toBe(2);
    expect(buffer.waiting).toBe(0);
    const flushed = buffer.flush();
    while (releases.length > 0 || buffer.writing > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await flushed;
    expect(mostWriting).toBe(2);
    expect(log.filter((l) => l.startsWith('write'))).toEqual(['write a,b,c', 'write d,e,f', 'write g,h,i']);
  });

  it('reports a failed commit without rejecting, and goes on with the next', async () => {
    let calls = 0;
    const { buffer, log } = setUp(async () => {
      calls += 1;
      if (calls === 1) throw new Error('refused');
    });
    for (const uid of ['a', 'b', 'c']) buffer.add(settlement(uid));
    await Promise.resolve();
    buffer.add(settlement('d'));
    await expect(buffer.flush()).resolves.toBeUndefined();
    expect(log).toEqual(['room', 'write a,b,c', 'failed refused', 'room', 'write d', 'written 1']);
  });

  it('disarms the interval timer when a full commit takes the records that armed it', async () => {
    const { buffer, timers, log } = setUp();
    for (const uid of ['a', 'b', 'c']) buffer.add(settlement(uid));
    // The commit of a, b, c took the records whose wait the timer measured: a timer left armed would start a
    // commit of the one record that arrives next, and a small commit costs Neo4j almost what a full one does.
    expect(timers).toHaveLength(0);
    buffer.add(settlement('d'));
    expect(timers).toHaveLength(1);
    await buffer.flush();
    expect(log.filter((l) => l.startsWith('write'))).toEqual(['write a,b,c', 'write d']);
  });

  it('commits records that queue tasks as soon as a writer is free, in batches of what arrived meanwhile', async () => {
    const releases: (() => void)[] = [];
    const { buffer, timers, log } = setUp(() => new Promise<void>((resolve) => releases.push(resolve)));
    buffer.add(settlement('a', true));
    expect(buffer.writing).toBe(1); // at once: the next level's tasks wait for this commit
    expect(timers).toHaveLength(0);
    buffer.add(settlement('b', true));
    buffer.add(settlement('c'));
    expect(buffer.waiting).toBe(2); // the one writer is busy
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(buffer.writing).toBe(1); // b and c together, without waiting for the interval
    releases.shift()!();
    await buffer.flush();
    expect(log.filter((l) => l.startsWith('write'))).toEqual(['write a', 'write b,c']);
  });

  it('lets records of the last level (they queue nothing) wait for a full commit or the interval', () => {
    const { buffer, timers } = setUp();
    buffer.add(settlement('a'));
    buffer.add(settlement('b'));
    expect(buffer.writing).toBe(0);
    expect(timers).toHaveLength(1);
  });
});
