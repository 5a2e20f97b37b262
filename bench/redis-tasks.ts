import { execFileSync } from 'node:child_process';
import { RemoteFetch } from '../src/queue/remote-fetch.js';
import type { Section } from './lib/report.js';
import { withBenchRedis } from './lib/redis.js';
import { fmt, log, sleep } from './lib/util.js';

/**
 * What the record queue costs Redis: tasks queued by the crawl's own RemoteFetch (no worker takes them), Redis's
 * used_memory before and after, per task. The frontier lives in Neo4j; Redis holds the tasks in flight and the
 * answers the crawl has not taken yet, so this is what Redis needs per task a crawl keeps queued.
 */
export async function redisTasksBenchmark(tasks: number): Promise<Section> {
  return withBenchRedis(async (redis) => {
    redis.flush();
    const usedMemory = (): number => {
      const info = execFileSync('redis-cli', ['-p', String(redis.port), 'info', 'memory'], { encoding: 'utf8' });
      return Number(/^used_memory:(\d+)/m.exec(info)?.[1] ?? Number.NaN);
    };
    const keys = (): number => Number(execFileSync('redis-cli', ['-p', String(redis.port), 'dbsize'], { encoding: 'utf8' }).trim());
    const remote = await RemoteFetch.open({ redisUrl: redis.url, serviceId: 'bench-redis-tasks', checkEveryMs: 3_600_000 });
    try {
      await sleep(500);
      const before = usedMemory();
      const keysBefore = keys();
      log(`redis tasks: queueing ${fmt.int(tasks)} tasks`);
      const crawlId = 'bench-redis-tasks';
      // Ids as a crawl's records have them: page numbers of the kinds, in a world of ten million.
      const kinds = ['domain', 'company', 'email', 'phone'] as const;
      const pending: Promise<unknown>[] = [];
      for (let i = 0; i < tasks; i++) {
        pending.push(remote.fetch({ kind: kinds[i % kinds.length]!, id: 9_000_000 + i }, crawlId).catch(() => undefined));
        if (i % 1_000 === 999) await sleep(0);
      }
      const deadline = Date.now() + 120_000;
      while (keys() - keysBefore < tasks && Date.now() < deadline) await sleep(250);
      const queuedKeys = keys() - keysBefore;
      const after = usedMemory();
      const perTask = (after - before) / tasks;
      log(`redis tasks: ${fmt.int(queuedKeys)} keys, ${fmt.num(perTask, 0)} bytes per task`);
      await remote.abandon();
      await Promise.all(pending);
      return {
        title: '12. Redis memory per queued task',
        method: [
          `The crawl's RemoteFetch queues ${fmt.int(tasks)} record tasks on a Redis of the bench's own (scripts/redis-local), no worker running; Redis's used_memory (INFO memory) before and after, divided by the tasks.`,
        ],
        figures: [
          { name: 'tasks queued (Redis keys added)', value: `${fmt.int(tasks)} (${fmt.int(queuedKeys)} keys)` },
          { name: 'used_memory before; after', value: `${fmt.mb(before / 1024)}; ${fmt.mb(after / 1024)}` },
          { name: 'Redis memory per queued task', value: `${fmt.num(perTask, 0)} bytes` },
        ],
        notes: [
          "An answer waiting for the crawl adds its record text (the sandbox's records are about 15 kB each) until the crawl takes it.",
        ],
      };
    } finally {
      await remote.close();
    }
  });
}
