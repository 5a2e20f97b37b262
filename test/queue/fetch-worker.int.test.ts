/**
 * A fetch worker that loses a task's lease says so (src/queue/fetch-worker.ts, onLeaseLost and onError), against a
 * real Redis: the lease is taken from it in Redis while its fetch is still on its way.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchedRecord } from '../../src/client/client.js';
import { fetchQueueName, jobIdOf, QUEUE_PREFIX } from '../../src/queue/names.js';
import { startFetchWorker } from '../../src/queue/fetch-worker.js';
import { startRedis, type TestRedis } from '../support/redis.js';

describe('a fetch worker whose lease is lost', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis('fetch-worker');
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('names the tasks it could not renew, and says that Redis refused its late answer', async () => {
    const serviceId = 'lease-test';
    const name = fetchQueueName(serviceId);
    const queue = new Queue(name, { connection: { url: redis.url }, prefix: QUEUE_PREFIX });
    const ref = { kind: 'company' as const, id: 12 };
    const jobId = jobIdOf('crawl-1', ref);
    let fetching!: () => void;
    const started = new Promise<void>((resolve) => (fetching = resolve));
    let answer!: (record: FetchedRecord) => void;
    const lost: string[][] = [];
    const errors: string[] = [];
    const worker = startFetchWorker({
      redisUrl: redis.url,
      serviceId,
      concurrency: 1,
      leaseMs: 1_000,
      fetch: () => {
        fetching();
        return new Promise<FetchedRecord>((resolve) => (answer = resolve));
      },
      onLeaseLost: (ids) => lost.push(ids),
      onError: (error) => errors.push(error.message),
    });
    try {
      await queue.add('fetch', { crawlId: 'crawl-1', ref }, { jobId });
      await started;
      // What a Redis that lost its data, or a lease that lapsed while the worker stalled, leaves: no lock.
      const client = new Redis(redis.url);
      try {
        expect(await client.del(`${QUEUE_PREFIX}:${name}:${jobId}:lock`)).toBe(1);
      } finally {
        client.disconnect();
      }
      // Reported at every renewal (each half lease) while the task is in hand: once at least, and only this task.
      await expect.poll(() => lost.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(lost.every((ids) => ids.length === 1 && ids[0] === jobId)).toBe(true);
      answer({ ref, text: '{}', attempts: 1 });
      await expect.poll(() => errors.some((m) => /missing lock/i.test(m)), { timeout: 5_000 }).toBe(true);
      expect(worker.done).toBe(1);
    } finally {
      answer?.({ ref, text: '{}', attempts: 1 });
      await worker.close();
      await queue.close();
    }
  });
});
