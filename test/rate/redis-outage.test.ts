import { describe, expect, it } from 'vitest';
import { redisGone, redisUnreachable } from '../../src/rate/redis-outage.js';

describe('Redis outage errors', () => {
  it('name the address without its password, and what to do', () => {
    const cause = new Error('ECONNREFUSED');
    const first = redisUnreachable('redis://worker:s3cret-pw@10.0.0.5:6380/2', cause);
    expect(first.code).toBe('REDIS_UNREACHABLE');
    expect(first.message).toBe(
      'Redis does not answer at redis://10.0.0.5:6380/2: start it (scripts/redis-local start) or fix --redis-url / REDIS_URL',
    );
    expect(first.cause).toBe(cause);
    const gone = redisGone('rediss://:s3cret-pw@cache.example:6379', 125_400, cause);
    expect(gone.message).toBe(
      'Redis at rediss://cache.example:6379 stopped answering 125 s ago: start it again (scripts/redis-local start); the same command resumes the crawl',
    );
    expect(`${first.message} ${gone.message}`).not.toContain('s3cret');
  });

  it('say so when the address is not a URL, without repeating it', () => {
    expect(redisUnreachable('not a url :pw@', undefined).message).toContain('at the Redis URL given:');
  });
});
