/**
 * A crawl on the record queue that fails to start half way closes what it had opened (src/app/queue-run.ts), against a
 * real Redis: its connections would otherwise keep the process alive after the error was printed.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LandingClient } from '../../src/client/client.js';
import { startQueueRun } from '../../src/app/queue-run.js';
import { FetchTally } from '../../src/queue/tally.js';
import { startRedis, type TestRedis } from '../support/redis.js';

describe('a queue run that cannot start its worker processes', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis('queue-run');
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('throws, and leaves no connection of its own open on Redis', async () => {
    const admin = new Redis(redis.url);
    const clients = async () =>
      String(await admin.client('LIST'))
        .trim()
        .split('\n').length;
    const script = process.argv[1];
    try {
      const before = await clients();
      // The worker processes start from this program's script: without one they cannot, after the queue, the
      // board and this process's own worker have opened their connections.
      process.argv.splice(1, 1);
      await expect(
        startQueueRun({
          service: { baseUrl: 'http://127.0.0.1:9', apiKey: 'k' },
          redisUrl: redis.url,
          client: { fetch: () => Promise.reject(new Error('not asked')) } as unknown as LandingClient,
          workers: 1,
          enqueueOnly: false,
          requestsPerSecond: 10,
          concurrency: 1,
          tally: new FetchTally(),
          onTally: () => undefined,
          log: () => undefined,
        }),
      ).rejects.toThrow(/cannot start workers/);
      await expect.poll(clients, { timeout: 5_000 }).toBe(before);
    } finally {
      if (script !== undefined) process.argv.splice(1, 0, script);
      admin.disconnect();
    }
  });
});
