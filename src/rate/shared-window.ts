import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { type Clock, systemClock } from '../time/clock.js';
import { Downtime } from '../time/downtime.js';
import { awaitTurn } from './turn-wait.js';
import { REDIS_MAX_OUTAGE_MS, redisGone, redisUnreachable } from './redis-outage.js';

/**
 * One sliding window of departures for every process that asks one service with one key: each crawl keeping to
 * its own --rps would together put a multiple of it into one second at the service. Kept in Redis and taken atomically by a Lua
 * script on Redis's clock (TIME), never on the processes' clocks:
 * - `lg:rate:<id>:window`, a sorted set of the departures of the last window (score: Redis time in microseconds);
 * - `lg:rate:<id>:limits`, each live client's requests per window and when it last asked: the lowest live one holds
 *   for all (a crawl asked to stay at --rps 20 must be able to trust that, whatever another on the key asked for);
 * - `lg:rate:<id>:pause`, set by a 429 until its Retry-After has passed, with the margin: every process waits.
 * `<id>` is a SHA-256 of the base URL and the key: the key itself never reaches Redis.
 */
export interface SharedWindowOptions {
  /** A Redis URL (`redis://127.0.0.1:6379`); REDIS_URL / --redis-url. */
  redisUrl: string;
  baseUrl: string;
  apiKey: string;
  /** This client's limit; the lowest of the live clients' holds. */
  requestsPerSecond: number;
  /** Added to the one-second window, as the local limiter's marginMs. Default: 25. */
  marginMs?: number;
  /** A client that has not asked for this long no longer counts for the lowest limit. Default: 10000. */
  limitTtlMs?: number;
  /** How long requests wait for a Redis that stopped answering before the crawl stops (REDIS_UNREACHABLE). Default: 600000. */
  maxOutageMs?: number;
  /** Waits between turns and while Redis is away. Default: systemClock. */
  clock?: Clock;
}

// Each client's stated limit and when it last asked ('<requests per window>:<ms>'), for a generic for loop.
const LIMITS = `
local function liveLimits(key)
  local entries = redis.call('HGETALL', key)
  local i = -1
  return function()
    i = i + 2
    if i > #entries then return nil end
    local value = entries[i + 1]
    local sep = string.find(value, ':')
    return entries[i], tonumber(string.sub(value, 1, sep - 1)), tonumber(string.sub(value, sep + 1))
  end
end
`;

// KEYS: window, pause, limits, pending, known. ARGV: client, limit, windowMs, member, limitTtlMs, pendingTtlMs.
// A turn is taken when the departures of the last window and the turns not yet departed (pending) leave room.
// A Redis that does not know this service (new, or restarted with its data lost) cannot know what left in the last
// window: everyone waits one window first.
const TAKE = `${LIMITS}
if redis.call('EXISTS', KEYS[5]) == 0 then
  redis.call('SET', KEYS[5], '1')
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
end
local t = redis.call('TIME')
local nowUs = tonumber(t[1]) * 1000000 + tonumber(t[2])
local nowMs = math.floor(nowUs / 1000)
local windowUs = tonumber(ARGV[3]) * 1000
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2] .. ':' .. nowMs)
redis.call('PEXPIRE', KEYS[3], tonumber(ARGV[5]) * 2)
local limit = tonumber(ARGV[2])
for client, theirs, seen in liveLimits(KEYS[3]) do
  if seen < nowMs - tonumber(ARGV[5]) then redis.call('HDEL', KEYS[3], client)
  elseif theirs < limit then limit = theirs end
end
if ARGV[4] == '' then return {0, limit} end
local paused = redis.call('PTTL', KEYS[2])
if paused > 0 then return {paused, limit} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowUs - windowUs)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', nowUs - tonumber(ARGV[6]) * 1000)
local pending = redis.call('ZCARD', KEYS[4])
local count = redis.call('ZCARD', KEYS[1])
if count + pending < limit then
  redis.call('ZADD', KEYS[4], nowUs, ARGV[4])
  redis.call('PEXPIRE', KEYS[4], tonumber(ARGV[6]) * 2)
  return {0, limit}
end
if count + pending - limit >= count then return {5, limit} end
local freeing = redis.call('ZRANGE', KEYS[1], count + pending - limit, count + pending - limit, 'WITHSCORES')
return {math.floor((tonumber(freeing[2]) + windowUs - nowUs) / 1000) + 1, limit}
`;

// KEYS: window, pending. ARGV: member, windowMs. The turn left (or ended without leaving): it counts from now.
const SENT = `
local t = redis.call('TIME')
local nowUs = tonumber(t[1]) * 1000000 + tonumber(t[2])
if redis.call('ZREM', KEYS[2], ARGV[1]) == 1 then
  redis.call('ZADD', KEYS[1], nowUs, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
end
return 0
`;

// KEYS: pause. ARGV: ms. A pause is extended, never shortened.
const PAUSE = `
local current = redis.call('PTTL', KEYS[1])
if current < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], '1', 'PX', ARGV[1]) end
return 0
`;

type RedisWithScripts = Redis & {
  takeTurn(
    window: string,
    pause: string,
    limits: string,
    pending: string,
    known: string,
    ...args: (string | number)[]
  ): Promise<[number, number]>;
  markSent(window: string, pending: string, member: string, windowMs: number): Promise<number>;
  extendPause(pause: string, ms: number): Promise<number>;
};

/** A turn taken and never marked sent (its process died) stops counting after this long. */
const PENDING_TTL_MS = 10_000;

export class SharedWindow {
  private readonly redis: RedisWithScripts;
  private readonly keys: SharedWindowKeys;
  private readonly client = randomUUID();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly marginMs: number;
  private readonly limitTtlMs: number;
  private serial = 0;
  private readonly redisUrl: string;
  private readonly downtime: Downtime;
  private readonly clock: Clock;
  /** The lowest live limit, as Redis last answered (for progress). */
  effectiveLimit: number;

  private constructor(redis: Redis, options: SharedWindowOptions) {
    this.redis = redis as RedisWithScripts;
    this.redis.defineCommand('takeTurn', { numberOfKeys: 5, lua: TAKE });
    this.redis.defineCommand('markSent', { numberOfKeys: 2, lua: SENT });
    this.redis.defineCommand('extendPause', { numberOfKeys: 1, lua: PAUSE });
    this.keys = sharedWindowKeys(serviceId(options.baseUrl, options.apiKey));
    this.marginMs = options.marginMs ?? 25;
    this.windowMs = 1000 + this.marginMs;
    this.limit = Math.max(1, Math.floor(options.requestsPerSecond));
    this.effectiveLimit = this.limit;
    this.limitTtlMs = options.limitTtlMs ?? 10_000;
    this.redisUrl = options.redisUrl;
    this.clock = options.clock ?? systemClock;
    this.downtime = new Downtime({ limitMs: options.maxOutageMs ?? REDIS_MAX_OUTAGE_MS, maxProbeDelayMs: 1_000, clock: this.clock });
  }

  /** Connect and check Redis answers; REDIS_UNREACHABLE (one line saying what to start) when it does not. */
  static async open(options: SharedWindowOptions): Promise<SharedWindow> {
    const redis = new Redis(options.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      connectTimeout: 3000,
      enableOfflineQueue: false,
    });
    redis.on('error', () => undefined); // reported through the commands that fail
    try {
      await redis.connect();
      await redis.ping();
    } catch (cause) {
      redis.disconnect();
      throw redisUnreachable(options.redisUrl, cause);
    }
    const window = new SharedWindow(redis, options);
    // Say this client's limit before its first request: a crawl at --rps 10 started with two at 40 holds them from
    // their first request, not from its own (the two had taken 12 turns in its first second).
    await window.take('');
    return window;
  }

  /**
   * Wait for a turn in the shared window (and any shared pause); resolves with the turn's ticket when this request
   * may leave. Until `sent(ticket)`, the turn counts as leaving any moment: a departure delayed by a stall of this
   * process cannot crowd a window (as the local limiter's pending slots).
   */
  async acquire(signal?: AbortSignal): Promise<string> {
    const ticket = `${this.client}:${this.serial++}`;
    await awaitTurn(() => this.take(ticket), {
      downtime: this.downtime,
      clock: this.clock,
      gone: (downMs, cause) => redisGone(this.redisUrl, downMs, cause),
      signal,
    });
    return ticket;
  }

  /** The turn's request left (or ended without leaving): it counts in the window from now, on Redis's clock. */
  async sent(ticket: string): Promise<void> {
    await this.redis.markSent(this.keys.window, this.keys.pending, ticket, this.windowMs);
  }

  /** One try: 0 when the turn is taken, else the ms to wait. An empty ticket only says this client's limit. */
  private async take(ticket: string): Promise<number> {
    const [waitMs, limit] = await this.redis.takeTurn(
      this.keys.window,
      this.keys.pause,
      this.keys.limits,
      this.keys.pending,
      this.keys.known,
      this.client,
      this.limit,
      this.windowMs,
      ticket,
      this.limitTtlMs,
      PENDING_TTL_MS,
    );
    this.effectiveLimit = limit;
    return waitMs;
  }

  /** Hold every process on this key until `untilMs` (epoch ms, this process's clock) has passed at Redis, plus the margin. */
  async pauseUntil(untilMs: number): Promise<void> {
    const ms = Math.ceil(untilMs - Date.now() + this.marginMs);
    if (ms > 0) await this.redis.extendPause(this.keys.pause, ms);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The Redis keys of the shared window of one service and key (`id`: serviceId), as the header above says. */
export function sharedWindowKeys(id: string) {
  return {
    window: `lg:rate:${id}:window`,
    pause: `lg:rate:${id}:pause`,
    limits: `lg:rate:${id}:limits`,
    pending: `lg:rate:${id}:pending`,
    known: `lg:rate:${id}:known`,
  };
}

export type SharedWindowKeys = ReturnType<typeof sharedWindowKeys>;

/** The identifier of a service and key in Redis: never the key itself. */
export function serviceId(baseUrl: string, apiKey: string): string {
  return createHash('sha256')
    .update(`${baseUrl.replace(/\/+$/, '')}\n${apiKey}`)
    .digest('hex')
    .slice(0, 24);
}

// KEYS: window, limits, pause. Departures in the last 1,000 ms at Redis, the lowest limit a client stated in the
// last 10 s (0: none), and the ms left of a shared pause.
const USAGE = `${LIMITS}
local t = redis.call('TIME')
local nowUs = tonumber(t[1]) * 1000000 + tonumber(t[2])
local lastSecond = redis.call('ZCOUNT', KEYS[1], nowUs - 1000000, '+inf')
local limit = 0
for _, theirs, seen in liveLimits(KEYS[2]) do
  if seen >= math.floor(nowUs / 1000) - 10000 and (limit == 0 or theirs < limit) then limit = theirs end
end
local paused = redis.call('PTTL', KEYS[3])
if paused < 0 then paused = 0 end
return {lastSecond, limit, paused}
`;

/** The shared window of a service and key as Redis has it now (for `status`). */
export interface WindowUsage {
  /** Requests that left in the last 1,000 ms, every process together. */
  lastSecond: number;
  /** The lowest --rps of the processes on the key that asked in the last 10 s (null: none). */
  requestsPerSecond: number | null;
  /** Ms left of a 429's shared pause (0: none). */
  pausedMs: number;
}

export async function windowUsage(redis: Redis, id: string): Promise<WindowUsage> {
  const keys = sharedWindowKeys(id);
  const [lastSecond, limit, pausedMs] = (await redis.eval(USAGE, 3, keys.window, keys.limits, keys.pause)) as [number, number, number];
  return { lastSecond, requestsPerSecond: limit === 0 ? null : limit, pausedMs };
}
