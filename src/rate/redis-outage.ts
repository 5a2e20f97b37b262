import { LandingGraphError } from '../errors.js';
import { cleanUri } from '../render/provenance.js';

/** How long a Redis that stopped answering is waited for before the crawl stops: 10 minutes. */
export const REDIS_MAX_OUTAGE_MS = 600_000;

/** Redis's address for a message: never its password. */
function where(redisUrl: string): string {
  return cleanUri(redisUrl) ?? 'the Redis URL given';
}

/** Redis did not answer when first asked: what to start or fix. */
export function redisUnreachable(redisUrl: string, cause: unknown): LandingGraphError {
  return new LandingGraphError(
    'REDIS_UNREACHABLE',
    `Redis does not answer at ${where(redisUrl)}: start it (scripts/redis-local start) or fix --redis-url / REDIS_URL`,
    { cause },
  );
}

/** Redis answered once, then stayed away longer than its wait: the crawl stops and resumes later. */
export function redisGone(redisUrl: string, downMs: number, cause: unknown): LandingGraphError {
  return new LandingGraphError(
    'REDIS_UNREACHABLE',
    `Redis at ${where(redisUrl)} stopped answering ${Math.round(downMs / 1000)} s ago: start it again (scripts/redis-local start); the same command resumes the crawl`,
    { cause },
  );
}
