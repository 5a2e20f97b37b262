import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { isLandingGraphError, LandingGraphError } from '../errors.js';
import type { FrontierStore, LockHolder } from './frontier-store.js';

/** How long a lock holds without renewal: a process killed on another host blocks its crawl this long. */
export const LOCK_LEASE_MS = 60_000;
/** Renewed this often while the crawl runs. */
export const LOCK_RENEW_MS = 20_000;

export interface CrawlLockDeps {
  store: FrontierStore;
  /** Default: a new UUID, this process's pid and host name. */
  holder?: LockHolder;
  /** Whether a process of this host is alive. Default: process.kill(pid, 0). */
  isAlive?: (pid: number) => boolean;
  nowIso: () => string;
}

export interface CrawlLock {
  holder: LockHolder;
  /** Extend the lease; throws CRAWL_LOCKED when another process has taken the lock over. */
  renew(): Promise<void>;
  release(): Promise<void>;
}

export function thisProcess(): LockHolder {
  return { id: randomUUID(), pid: process.pid, host: hostname() };
}

/** Whether a process of this host is alive: kill(pid, 0) succeeds, or fails only for want of permission. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Take the lock of a crawl (by fingerprint) so that two processes never run the same crawl at once: the
 * second gets CRAWL_LOCKED naming the first. A holder on this host whose process is gone (kill -9) is
 * taken over at once; one on another host, when its lease runs out (LOCK_LEASE_MS).
 */
export async function acquireCrawlLock(fingerprint: string, deps: CrawlLockDeps): Promise<CrawlLock> {
  const holder = deps.holder ?? thisProcess();
  const isAlive = deps.isAlive ?? processAlive;
  let state = await deps.store.lock(fingerprint, holder, deps.nowIso(), LOCK_LEASE_MS, null);
  if (!state.acquired && state.holder.host === holder.host && !isAlive(state.holder.pid)) {
    state = await deps.store.lock(fingerprint, holder, deps.nowIso(), LOCK_LEASE_MS, state.holder.id);
  }
  if (!state.acquired) {
    const { pid, host } = state.holder;
    throw new LandingGraphError(
      'CRAWL_LOCKED',
      `this crawl is already running in process ${pid} on ${host} (since ${state.since}); wait for it to end or stop it, then run the same command to resume`,
      { details: { pid, host, since: state.since, leaseUntil: state.leaseUntil } },
    );
  }
  return {
    holder,
    renew: async () => {
      if (!(await deps.store.renewLock(fingerprint, holder.id, deps.nowIso(), LOCK_LEASE_MS))) {
        throw new LandingGraphError('CRAWL_LOCKED', 'another process took this crawl over while it ran (its lock lease ran out); stopping');
      }
    },
    release: () => deps.store.unlock(fingerprint, holder.id, deps.nowIso()),
  };
}

/**
 * Renew a held lock every LOCK_RENEW_MS until the returned release is called; `onLost` hears CRAWL_LOCKED when
 * another process took the crawl over (any other failed renewal is left to the next one). Release never throws.
 */
export function keepRenewed(lock: CrawlLock, onLost: (error: unknown) => void): () => Promise<void> {
  const renewal = setInterval(() => {
    lock.renew().catch((error: unknown) => {
      if (isLandingGraphError(error, 'CRAWL_LOCKED')) onLost(error);
    });
  }, LOCK_RENEW_MS);
  renewal.unref();
  return async () => {
    clearInterval(renewal);
    await lock.release().catch(() => undefined);
  };
}
