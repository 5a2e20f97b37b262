import { describe, expect, it } from 'vitest';
import type { FrontierTask } from '../../src/crawl/frontier-store.js';
import { QueuedTasks } from '../../src/store/queued-tasks.js';

const row = (uid: string, depth: number): FrontierTask => ({ uid, kind: 'domain', id: Number(uid.slice(1)), key: null, depth });

describe('QueuedTasks: what a commit still needs to queue', () => {
  it('sends each uid once per commit, at its smallest depth', () => {
    expect(new QueuedTasks().worthSending('c', [row('d1', 3), row('d2', 2), row('d1', 2), row('d1', 4)])).toEqual([
      row('d1', 2),
      row('d2', 2),
    ]);
  });

  it('drops what a committed transaction queued at the same depth or nearer, keeps what is now nearer', () => {
    const queued = new QueuedTasks();
    queued.remember('c', [row('d1', 2), row('d2', 3)]);
    expect(queued.worthSending('c', [row('d1', 2), row('d1', 5), row('d2', 2), row('d3', 4)])).toEqual([row('d2', 2), row('d3', 4)]);
  });

  it('remembers only what it is told was committed', () => {
    const queued = new QueuedTasks();
    const rows = queued.worthSending('c', [row('d1', 1)]);
    // The transaction failed: nothing remembered, the next attempt sends the row again.
    expect(queued.worthSending('c', [row('d1', 1)])).toEqual(rows);
    queued.remember('c', rows);
    expect(queued.worthSending('c', [row('d1', 1)])).toEqual([]);
  });

  it('forgets everything past its bound, and then sends again', () => {
    const queued = new QueuedTasks(2);
    queued.remember('c', [row('d1', 1), row('d2', 1)]);
    expect(queued.worthSending('c', [row('d1', 1)])).toEqual([]);
    queued.remember('c', [row('d3', 1)]);
    expect(queued.worthSending('c', [row('d1', 1), row('d3', 1)])).toEqual([row('d1', 1)]);
  });

  it('keeps each crawl apart: a row another crawl queued is sent again', () => {
    const queued = new QueuedTasks();
    queued.remember('c', [row('d1', 1)]);
    expect(queued.worthSending('other', [row('d1', 1)])).toEqual([row('d1', 1)]);
  });

  it('keeps tasks by natural key, and page numbers too large for the table, by uid', () => {
    const queued = new QueuedTasks();
    const byKey: FrontierTask = { uid: 'c|email:a@b.ru', kind: 'email', id: null, key: 'a@b.ru', depth: 2 };
    const huge: FrontierTask = { uid: 'c|company#9007199254740991', kind: 'company', id: Number.MAX_SAFE_INTEGER, key: null, depth: 2 };
    queued.remember('c', [byKey, huge]);
    expect(queued.worthSending('c', [byKey, huge, { ...byKey, depth: 1 }])).toEqual([{ ...byKey, depth: 1 }]);
  });

  it('tells kinds apart: the same page number of another kind is another task', () => {
    const queued = new QueuedTasks();
    queued.remember('c', [row('d7', 1)]);
    const company: FrontierTask = { uid: 'c7', kind: 'company', id: 7, key: null, depth: 1 };
    expect(queued.worthSending('c', [company, row('d7', 1)])).toEqual([company]);
  });

  it('remembers as many tasks as its bound, past the table wrapping around', () => {
    const queued = new QueuedTasks(1000);
    const rows = Array.from({ length: 1000 }, (_, i) => row(`d${i * 1024}`, 3));
    queued.remember('c', rows);
    expect(queued.worthSending('c', rows)).toEqual([]);
    expect(queued.worthSending('c', [row('d1', 3)])).toEqual([row('d1', 3)]);
  });
});
