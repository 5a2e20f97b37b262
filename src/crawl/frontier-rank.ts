import { hashString } from '../random.js';

/**
 * Where a task stands in its level's order: 8 hex digits of a hash of its uid. A uid begins with the record's
 * kind, so uid order fetches a level kind by kind, and kinds cost the store very different times (a company
 * or a site writes many pivots, an e-mail or a phone few): the pace of any stretch of the crawl would be one
 * kind's, and the estimate of the time left drawn from it would be off by that factor. In hash order every
 * stretch of a level holds its kinds in the level's proportions.
 */
export function frontierRank(uid: string): string {
  // FNV-1a spreads a change in the last characters poorly into the high bits: mix them (murmur3's finaliser).
  let h = hashString(uid);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * A task's place in its level's page order: its rank, then its uid (ranks collide). A task queued before
 * ranks existed has none and sorts by its uid alone; every task keeps one place, so the pages still meet
 * each queued task once.
 */
export function frontierPosition(task: { uid: string; rank?: string | null }): string {
  return (task.rank ?? '') + task.uid;
}
