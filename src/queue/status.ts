import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { type WindowUsage, windowUsage } from '../rate/shared-window.js';
import { redisUnreachable } from '../rate/redis-outage.js';
import { type BoardEntry, CrawlBoard } from './board.js';
import { fetchQueueName, QUEUE_PREFIX } from './names.js';

/** One running crawl as `status` shows it. */
export interface QueueCrawlStatus {
  crawlId: string;
  host: string;
  pid: number;
  /** The crawl's last progress (CrawlProgress, with `workers` and its tasks `waiting`). */
  progress: Record<string, unknown>;
  /** Ms since the crawl last told its progress. */
  ageMs: number;
  /** The record queue of the crawl's service and key (shared with other crawls on it). */
  queue: {
    /** Worker connections on this queue now, any machine. */
    workers: number;
    /** Tasks no worker has taken yet. */
    queued: number;
    /** Tasks in a worker's hands (leased). */
    leased: number;
    /** Tasks answered and not yet taken by their crawl. */
    answered: number;
    failed: number;
  };
  rate: WindowUsage;
}

/** Every running crawl on this Redis (or just `crawlId`): what a crawl told, and what Redis holds for its service. */
export async function readQueueStatus(redisUrl: string, crawlId?: string): Promise<QueueCrawlStatus[]> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (cause) {
    redis.disconnect();
    throw redisUnreachable(redisUrl, cause);
  }
  const board = new CrawlBoard(redis);
  try {
    const entries = await board.entries(crawlId);
    const byService = new Map<string, Promise<QueueCrawlStatus['queue']>>();
    const out: QueueCrawlStatus[] = [];
    for (const entry of entries) {
      if (!byService.has(entry.serviceId)) byService.set(entry.serviceId, queueCounts(redisUrl, entry.serviceId));
      out.push(await statusOf(entry, await byService.get(entry.serviceId)!, await windowUsage(redis, entry.serviceId)));
    }
    return out;
  } finally {
    await board.close();
  }
}

async function queueCounts(redisUrl: string, serviceId: string): Promise<QueueCrawlStatus['queue']> {
  const queue = new Queue(fetchQueueName(serviceId), { connection: { url: redisUrl }, prefix: QUEUE_PREFIX });
  try {
    const counts = await queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized');
    return {
      workers: (await queue.getWorkers()).length,
      queued: (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
      leased: counts.active ?? 0,
      answered: counts.completed ?? 0,
      failed: counts.failed ?? 0,
    };
  } finally {
    await queue.close();
  }
}

function statusOf(entry: BoardEntry, queue: QueueCrawlStatus['queue'], rate: WindowUsage): QueueCrawlStatus {
  return {
    crawlId: entry.crawlId,
    host: entry.host,
    pid: entry.pid,
    progress: entry.progress,
    ageMs: Date.now() - entry.updatedAtMs,
    queue,
    rate,
  };
}
