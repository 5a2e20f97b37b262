import type { CrawlStatus } from './frontier-store.js';

/** Why a run stopped before its frontier ran out. */
export type StopReason = 'interrupted' | 'failed' | 'budget';

export interface RunEnd {
  stopping: StopReason | undefined;
  /** No task is left queued (only known when the run did not stop on an error). */
  frontierEmpty: boolean;
  /** Records whose retries were spent, all runs together. */
  failedRecords: number;
}

/**
 * The status a run records. A frontier that ran out with failed records is `incomplete` (the same
 * command retries them), not `finished`; a budget stop that happens to empty the frontier is finished.
 */
export function finalStatus(end: RunEnd): CrawlStatus {
  if (end.stopping === 'failed') return 'failed';
  if (end.stopping === 'interrupted') return 'interrupted';
  if (end.stopping === 'budget' && !end.frontierEmpty) return 'budget';
  return end.failedRecords > 0 ? 'incomplete' : 'finished';
}
