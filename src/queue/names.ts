import type { LandingRef } from '../api/refs.js';
import { refToString } from '../api/refs.js';

/** Every BullMQ key of landing-graph starts with this (beside the rate window's `lg:rate:`). */
export const QUEUE_PREFIX = 'lg';

/**
 * One queue of record tasks per service and key (serviceId: a hash, never the key): a worker takes tasks only of the
 * service it was started for, from any crawl on it.
 */
export function fetchQueueName(serviceId: string): string {
  return `fetch-${serviceId}`;
}

/**
 * One job per record and crawl: BullMQ keeps a second add of the same id out, and a crawl resumed after its
 * coordinator died finds the answers its workers fetched meanwhile. `:` is not allowed in BullMQ job ids.
 */
export function jobIdOf(crawlId: string, ref: LandingRef): string {
  return `${crawlId}.${encodeURIComponent(refToString(ref))}`;
}
