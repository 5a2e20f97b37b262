import { isLandingGraphError, LandingGraphError } from '../errors.js';
import { finalStatus } from './final-status.js';
import type { CrawlStatus } from './frontier-store.js';
import type { CrawlProgress } from './progress.js';
import type { RunContext } from './run-context.js';
import type { RunLedger } from './run-ledger.js';
import type { RunStop } from './run-stop.js';

export interface FinishParts {
  context: RunContext;
  crawlId: string;
  ledger: RunLedger;
  stop: RunStop;
  /** The run's progress now. */
  progress: () => CrawlProgress;
}

export interface RunEnding {
  status: CrawlStatus;
  progress: CrawlProgress;
}

/**
 * Record how a run ended, once everything it had in flight is written: its status and this run's figures
 * on the crawl. Throws what stopped it (the fatal error, or CRAWL_ABORTED after an interrupt); a store
 * that fails here is thrown only when nothing failed before.
 */
export async function finishRun(parts: FinishParts): Promise<RunEnding> {
  const { context, crawlId, ledger, stop } = parts;
  let frontierEmpty = false;
  if (stop.reason === 'budget') {
    try {
      frontierEmpty = (await context.patiently(() => context.store.levels(crawlId))).depth === null;
    } catch (error) {
      stop.stop('failed', error);
    }
  }
  const status = finalStatus({ stopping: stop.reason, frontierEmpty, failedRecords: ledger.totals.failed });
  const progress = parts.progress();
  const fatalBefore = stop.fatal;
  const fatalMessage = fatalBefore === undefined ? null : fatalBefore instanceof Error ? fatalBefore.message : String(fatalBefore);
  const stats = {
    runFetched: progress.fetched,
    runMissing: progress.missing,
    runFailed: progress.failed,
    runInvalid: progress.invalid,
    runRetries: progress.retries,
    runRateLimitWaits: progress.rateLimitWaits,
    runElapsedMs: progress.elapsedMs,
  };
  let endError: unknown;
  try {
    await context.patiently(() => context.store.endRun(crawlId, status, stats, fatalMessage, context.iso()));
  } catch (error) {
    endError = error;
  }
  // Read again: the lock's renewal may have failed the run while its end was being written.
  const fatal = stop.fatal === undefined ? endError : stop.fatal;
  if (fatal !== undefined) {
    throw isLandingGraphError(fatal)
      ? fatal
      : new LandingGraphError('INTERNAL', `crawl ${crawlId} failed: ${fatalMessage}`, { cause: fatal });
  }
  if (status === 'interrupted') {
    throw new LandingGraphError(
      'CRAWL_ABORTED',
      `crawl ${crawlId} interrupted; what was in flight is written, and the same command resumes it`,
      {
        details: { crawlId, progress },
      },
    );
  }
  return { status, progress };
}
