import type { Driver } from 'neo4j-driver';
import type { ClientEvent } from '../client/client.js';
import type { LandingRef } from '../api/refs.js';
import { MAX_WAITING_RAW_CHARS, waitingRecordsFor } from '../crawl/buffer-size.js';
import { type CrawlDeps, runCrawl, type CrawlResult } from '../crawl/crawler.js';
import type { CrawlOptions } from '../crawl/options.js';
import { ClientEventCounter, type CrawlProgress } from '../crawl/progress.js';
import { type StartedSettleThread, startSettleThread } from '../crawl/settle-thread.js';
import { isLandingGraphError, LandingGraphError } from '../errors.js';
import { CrawlStore } from '../store/crawl-store.js';
import { FetchTally } from '../queue/tally.js';
import { openServiceClient, type ServiceClientOptions } from './service-client.js';

export interface CrawlIntoOptions extends Omit<ServiceClientOptions, 'onEvent' | 'signal'> {
  driver: Driver;
  database: string | undefined;
  seeds: LandingRef[];
  options: CrawlOptions;
  /**
   * With redisUrl: local `landing-graph worker` processes started for this crawl (and stopped at its end), beside
   * the crawl's own worker. Default: 0.
   */
  workers?: number;
  /** With redisUrl: the crawl takes no record task itself; workers started elsewhere do. Default: false. */
  enqueueOnly?: boolean;
  /** Where the run shows itself: the CLI's progress line on stderr. */
  view: CrawlView;
  /** Each sample of the work the time left is estimated from (CrawlDeps.onWorkSample). */
  onWorkSample?: CrawlDeps['onWorkSample'];
}

/** What a crawl run shows while it runs: its progress (with the live workers on the record queue) and notes. */
export interface CrawlView {
  update(progress: CrawlProgress & { workers?: number }): void;
  /** A line of its own (a worker's notice, the stop on Ctrl-C). */
  note(line: string): void;
  /** The run is over: no more progress. */
  done(): void;
}

/**
 * Wire a client, the store and the crawler together for one run, its progress shown on `view`, Ctrl-C
 * (SIGINT/SIGTERM) turned into a clean stop: what is in flight is written and the crawl stays resumable.
 * With Redis, records are fetched through the record queue (queue-run.ts) by this process and any workers.
 */
export async function crawlInto(o: CrawlIntoOptions): Promise<CrawlResult> {
  // Started first: it loads its modules while the client, the queue and the crawl's bootstrap get ready.
  const settler = startSettleThread();
  try {
    return await crawlWith(o, settler);
  } finally {
    await settler.discard();
  }
}

async function crawlWith(o: CrawlIntoOptions, settler: StartedSettleThread): Promise<CrawlResult> {
  const events = new ClientEventCounter();
  const abort = new AbortController();
  // On the queue every record comes back from a worker with the retries and 429 waits it cost, this process's own
  // worker included: its client's are tallied per record, not counted twice.
  const tally = o.redisUrl === undefined ? undefined : new FetchTally();
  const onEvent = (event: ClientEvent) =>
    tally && (event.type === 'retry' || event.type === 'rate-limited') ? tally.onEvent(event) : events.onEvent(event);
  const { client, close } = await openServiceClient({ ...o, onEvent, signal: abort.signal });
  const view = o.view;
  // The queue's modules (BullMQ and ioredis, some 200 files) are loaded only for a crawl on Redis: every other crawl
  // starts without reading them.
  const redisUrl = o.redisUrl;
  const queue =
    redisUrl === undefined || tally === undefined
      ? undefined
      : await import('./queue-run.js')
          .then(({ startQueueRun }) =>
            startQueueRun({
              ...o,
              redisUrl,
              client,
              workers: o.workers ?? 0,
              enqueueOnly: o.enqueueOnly ?? false,
              tally,
              onTally: (counts) => events.add(counts),
              log: view.note,
            }),
          )
          // The client is open by now, its shared window too: a failed load closes them as a failed start does.
          .catch(async (error: unknown) => {
            await close();
            throw error;
          });
  const onSignal = () => {
    if (abort.signal.aborted) return;
    view.note('stopping: finishing what is in flight and writing it (the same command resumes)...');
    abort.abort();
    void queue?.abandon();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const result = await runCrawl(
      { seeds: o.seeds, options: o.options, baseUrl: o.service.baseUrl },
      {
        fetch: queue ? queue.fetch : (ref) => client.fetch(ref),
        store: new CrawlStore(o.driver, o.database),
        maxInFlight: queue ? queue.maxInFlight : Math.max(o.concurrency * 2, 4),
        maxWaitingRecords: waitingRecordsFor(o.requestsPerSecond, o.options.commitEvery),
        maxWaitingRawChars: MAX_WAITING_RAW_CHARS,
        events,
        settler,
        signal: abort.signal,
        onWorkSample: o.onWorkSample,
        // On the queue the workers' limiters hold the fetches: not known here.
        heldForRateMs: queue ? undefined : () => client.limiter.heldForRateMs,
        onProgress: (p) => {
          view.update({ ...p, serviceDown: events.serviceDown(), ...(queue ? { workers: queue.workers() } : {}) });
          queue?.publish(p);
        },
      },
    ).catch((error: unknown) => {
      throw withResumeHint(error);
    });
    return result;
  } finally {
    view.done();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await queue?.close();
    await close();
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
