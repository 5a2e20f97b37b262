import { Redis } from 'ioredis';

/** What a running crawl tells `status` through Redis, refreshed with its progress line. */
export interface BoardEntry {
  crawlId: string;
  /** The service and key (a hash): its record queue and rate window. */
  serviceId: string;
  /** The crawl's progress (CrawlProgress as JSON). */
  progress: Record<string, unknown>;
  /** Records asked at once, per the crawl's --rps. */
  requestsPerSecond: number;
  host: string;
  pid: number;
  /** Epoch ms of this entry. */
  updatedAtMs: number;
}

/** An entry not refreshed for this long belongs to a crawl that stopped (or died): it expires. */
export const BOARD_TTL_MS = 15_000;
const KEY_PREFIX = 'lg:crawl:';

/** The board of running crawls in Redis: one key per crawl, expiring unless refreshed. */
export class CrawlBoard {
  /** On a connection of the caller's (closed by close()). */
  constructor(private readonly redis: Redis) {}

  /** A connection of its own, for a crawl that tells its progress: a refresh sent while Redis is away waits for it. */
  static open(redisUrl: string): CrawlBoard {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    return new CrawlBoard(redis);
  }

  /** Best effort: a board that Redis does not take now is taken at the next refresh. */
  publish(entry: BoardEntry): void {
    this.redis.set(KEY_PREFIX + entry.crawlId, JSON.stringify(entry), 'PX', BOARD_TTL_MS).catch(() => undefined);
  }

  async remove(crawlId: string): Promise<void> {
    await this.redis.del(KEY_PREFIX + crawlId).catch(() => undefined);
  }

  /** Every running crawl's entry (or just `crawlId`'s), newest first. */
  async entries(crawlId?: string): Promise<BoardEntry[]> {
    const keys: string[] = [];
    if (crawlId !== undefined) keys.push(KEY_PREFIX + crawlId);
    else {
      let cursor = '0';
      do {
        const [next, found] = await this.redis.scan(cursor, 'MATCH', `${KEY_PREFIX}*`, 'COUNT', 200);
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0');
    }
    if (keys.length === 0) return [];
    const values = await this.redis.mget(...keys);
    return values
      .filter((v): v is string => v !== null)
      .map((v) => JSON.parse(v) as BoardEntry)
      .sort((a, b) => b.updatedAtMs - a.updatedAtMs);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
