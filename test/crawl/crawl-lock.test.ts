import { describe, expect, it } from 'vitest';
import { acquireCrawlLock, LOCK_LEASE_MS } from '../../src/crawl/crawl-lock.js';
import { MemoryFrontierStore } from './memory-frontier-store.js';

const first = { id: 'run-1', pid: 1111, host: 'box-a' };
const second = { id: 'run-2', pid: 2222, host: 'box-a' };

function clock() {
  let nowMs = Date.parse('2026-11-23T10:00:00Z');
  return { nowIso: () => new Date(nowMs).toISOString(), advance: (ms: number) => (nowMs += ms) };
}

describe('acquireCrawlLock', () => {
  it('refuses a second holder while the first is alive, naming it; gives the lock once released', async () => {
    const store = new MemoryFrontierStore();
    const c = clock();
    const lock = await acquireCrawlLock('fp', { store, holder: first, isAlive: () => true, nowIso: c.nowIso });
    await expect(acquireCrawlLock('fp', { store, holder: second, isAlive: () => true, nowIso: c.nowIso })).rejects.toMatchObject({
      code: 'CRAWL_LOCKED',
      message: expect.stringContaining('process 1111 on box-a'),
    });
    await lock.release();
    await expect(acquireCrawlLock('fp', { store, holder: second, isAlive: () => true, nowIso: c.nowIso })).resolves.toBeDefined();
  });

  it('takes over at once from a holder of this host whose process is gone (kill -9)', async () => {
    const store = new MemoryFrontierStore();
    const c = clock();
    await acquireCrawlLock('fp', { store, holder: first, nowIso: c.nowIso });
    const taken = await acquireCrawlLock('fp', { store, holder: second, isAlive: (pid) => pid !== 1111, nowIso: c.nowIso });
    expect(taken.holder).toEqual(second);
  });

  it('waits out the lease of a holder on another host, and renewing keeps it', async () => {
    const store = new MemoryFrontierStore();
    const c = clock();
    const elsewhere = { id: 'run-3', pid: 1111, host: 'box-b' };
    const lock = await acquireCrawlLock('fp', { store, holder: elsewhere, nowIso: c.nowIso });
    c.advance(LOCK_LEASE_MS - 1_000);
    await lock.renew();
    c.advance(LOCK_LEASE_MS - 1_000);
    await expect(acquireCrawlLock('fp', { store, holder: second, isAlive: () => false, nowIso: c.nowIso })).rejects.toMatchObject({
      code: 'CRAWL_LOCKED',
    });
    c.advance(2_000);
    await acquireCrawlLock('fp', { store, holder: second, isAlive: () => false, nowIso: c.nowIso });
    // The old holder learns it lost the lock at its next renewal.
    await expect(lock.renew()).rejects.toMatchObject({ code: 'CRAWL_LOCKED' });
  });

  it('locks crawls one by one: another fingerprint is free', async () => {
    const store = new MemoryFrontierStore();
    const c = clock();
    await acquireCrawlLock('fp-1', { store, holder: first, isAlive: () => true, nowIso: c.nowIso });
    await expect(acquireCrawlLock('fp-2', { store, holder: second, isAlive: () => true, nowIso: c.nowIso })).resolves.toBeDefined();
  });
});
