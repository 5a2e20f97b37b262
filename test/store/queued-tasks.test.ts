import { describe, expect, it } from 'vitest';
import type { FrontierRow } from '../../src/crawl/frontier-store.js';
import { QueuedTasks } from '../../src/store/queued-tasks.js';

const row = (uid: string, depth: number): FrontierRow => ({ uid, kind: 'domain', id: Number(uid.slice(1)), key: null, depth });

describe('QueuedTasks: what a commit still needs to queue', () => {
  it('sends each uid once per commit, at its smallest depth', () => {
    expect(new QueuedTasks().worthSending([row('d1', 3), row('d2', 2), row('d1', 2), row('d1', 4)])).toEqual([row('d1', 2), row('d2', 2)]);
  });

  it('drops what a committed transaction queued at the same depth or nearer, keeps what is now nearer', () => {
    const queued = new QueuedTasks();
    queued.remember([row('d1', 2), row('d2', 3)]);
    expect(queued.worthSending([row('d1', 2), row('d1', 5), row('d2', 2), row('d3', 4)])).toEqual([row('d2', 2), row('d3', 4)]);
  });

  it('remembers only what it is told was committed', () => {
    const queued = new QueuedTasks();
    const rows = queued.worthSending([row('d1', 1)]);
    // The transaction failed: nothing remembered, the next attempt sends the row again.
    expect(queued.worthSending([row('d1', 1)])).toEqual(rows);
    queued.remember(rows);
    expect(queued.worthSending([row('d1', 1)])).toEqual([]);
  });

  it('forgets everything past its bound, and then sends again', () => {
    const queued = new QueuedTasks(2);
    queued.remember([row('d1', 1), row('d2', 1)]);
    expect(queued.worthSending([row('d1', 1)])).toEqual([]);
    queued.remember([row('d3', 1)]);
    expect(queued.worthSending([row('d1', 1), row('d3', 1)])).toEqual([row('d1', 1)]);
  });
});
