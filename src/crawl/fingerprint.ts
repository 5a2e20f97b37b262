import { createHash } from 'node:crypto';
import { refToString, type LandingRef } from '../api/refs.js';
import type { CrawlOptions } from './options.js';

/**
 * The identity of a crawl: the same seeds, depth, followed lists, kinds, fan-out and skips against the
 * same service give the same fingerprint, so the same command resumes the same crawl. The budget and
 * tuning options are left out: raising --max-records continues the crawl.
 */
export function crawlFingerprint(baseUrl: string, seeds: readonly LandingRef[], options: CrawlOptions): string {
  const identity = {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    seeds: [...new Set(seeds.map(refToString))].sort(),
    maxDepth: options.maxDepth,
    follow: [...options.follow].sort(),
    kinds: [...options.kinds].sort(),
    maxFanout: options.maxFanout ?? null,
    skip: [...options.skip].sort(),
  };
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 16);
}
