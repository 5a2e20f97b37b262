import type { Driver } from 'neo4j-driver';
import { LandingClient } from '../api/client.js';
import { SharedWindow } from '../api/redis-window.js';
import type { LandingRef } from '../api/refs.js';
import { MAX_WAITING_RAW_CHARS, waitingRecordsFor } from '../crawl/buffer-size.js';
import { runCrawl, type CrawlResult } from '../crawl/crawler.js';
import type { CrawlOptions } from '../crawl/options.js';
import { ClientEventCounter } from '../crawl/progress.js';
import { isLandingGraphError, LandingGraphError } from '../errors.js';
import { CrawlStore } from '../store/crawl-store.js';
import type { ServiceConfig } from './config.js';
import { progressView, summaryLines } from './progress-view.js';

export interface CrawlIntoOptions {
  service: ServiceConfig;
  driver: Driver;
  database: string | undefined;
  seeds: LandingRef[];
  options: CrawlOptions;
  requestsPerSecond: number;
  concurrency: number;
  /** The limiter's margin for the spread of the delay to the service (RequestLimiter's marginMs). Default: 25. */
  rateMarginMs?: number;
  /** Headers and body time-out of each request. Default: the client's (30000 / 60000). */
  timeoutMs?: number;
  /** Default: the client's (16 MiB). */
  maxBodyBytes?: number;
  /** How long to wait for a service that stopped answering. Default: the client's (600000, 10 min). */
  serviceWaitMs?: number;
  /** Share the rate window with every process on the same service and key through this Redis (redis-window.ts). */
  redisUrl?: string;
  stderr: NodeJS.WriteStream;
}

/**
 * Wire a client, the store and the crawler together for one run, with progress on stderr and Ctrl-C
 * (SIGINT/SIGTERM) turned into a clean stop: what is in flight is written and the crawl stays resumable.
 */
export async function crawlInto(o: CrawlIntoOptions): Promise<CrawlResult> {
  const events = new ClientEventCounter();
  const abort = new AbortController();
  const shared =
    o.redisUrl === undefined
      ? undefined
      : await SharedWindow.open({
          redisUrl: o.redisUrl,
          baseUrl: o.service.baseUrl,
          apiKey: o.service.apiKey,
          requestsPerSecond: o.requestsPerSecond,
          marginMs: o.rateMarginMs,
        });
  const client = new LandingClient({
    baseUrl: o.service.baseUrl,
    apiKey: o.service.apiKey,
    requestsPerSecond: o.requestsPerSecond,
    maxConcurrent: o.concurrency,
    rateMarginMs: o.rateMarginMs,
    ...(shared ? { sharedTurns: shared } : {}),
    headersTimeoutMs: o.timeoutMs,
    bodyTimeoutMs: o.timeoutMs,
    maxBodyBytes: o.maxBodyBytes,
    onEvent: events.onEvent,
    serviceGate: { serviceWaitMs: o.serviceWaitMs },
    signal: abort.signal,
  });
  const onSignal = () => {
    if (abort.signal.aborted) return;
    o.stderr.write('\nstopping: finishing what is in flight and writing it (the same command resumes)...\n');
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const view = progressView(o.stderr);
  try {
    const result = await runCrawl(
      { seeds: o.seeds, options: o.options, baseUrl: o.service.baseUrl },
      {
        fetch: (ref) => client.fetch(ref),
        store: new CrawlStore(o.driver, o.database),
        maxInFlight: Math.max(o.concurrency * 2, 4),
        maxWaitingRecords: waitingRecordsFor(o.requestsPerSecond, o.options.commitEvery),
        maxWaitingRawChars: MAX_WAITING_RAW_CHARS,
        events,
        signal: abort.signal,
        onProgress: (p) => view.update({ ...p, serviceDown: events.serviceDown() }),
      },
    ).catch((error: unknown) => {
      throw withResumeHint(error);
    });
    view.done();
    if (result.requeuedFailed > 0) o.stderr.write(`retried ${result.requeuedFailed} record(s) that had failed in an earlier run\n`);
    if (result.alreadyComplete) {
      o.stderr.write(`crawl ${result.crawlId} already finished; nothing requested (use --refresh to crawl again)\n`);
    } else {
      for (const line of summaryLines(result.progress, result.status, result.crawlId)) o.stderr.write(`${line}\n`);
    }
    return result;
  } finally {
    view.done();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await client.close();
    await shared?.close();
  }
}

/** The client's errors about a service that is down say what the user can do: run the same command again. */
function withResumeHint(error: unknown): unknown {
  if (!isLandingGraphError(error) || error.details.origin === undefined) return error;
  if (error.code !== 'API_UNAVAILABLE' && error.code !== 'CRAWL_ABORTED') return error;
  return new LandingGraphError(error.code, `${error.message}; the same command resumes the crawl`, {
    cause: error,
    details: error.details,
  });
}
