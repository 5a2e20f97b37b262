import { hostname } from 'node:os';
import type { LandingClient } from '../client/client.js';
import { serviceId } from '../rate/shared-window.js';
import type { CrawlProgress } from '../crawl/progress.js';
import { CrawlBoard } from '../queue/board.js';
import { type FetchWorker, startFetchWorker } from '../queue/fetch-worker.js';
import { RemoteFetch } from '../queue/remote-fetch.js';
import type { FetchTally, TaskTally } from '../queue/tally.js';
import type { ServiceConfig } from './service-client.js';
import { workerNotices } from './worker-notices.js';
import { startWorkerProcesses, type WorkerProcesses, type WorkerProcessOptions } from './worker-processes.js';

export interface QueueRunOptions extends Omit<WorkerProcessOptions, 'count'> {
  service: ServiceConfig;
  redisUrl: string;
  /** This process's client (with the shared window), for its own worker. */
  client: LandingClient;
  /** Local worker processes to start. */
  workers: number;
  /** Take no record task in this process. */
  enqueueOnly: boolean;
  /** Counts `client`'s retries and 429 waits per record, for its own worker's answers. */
  tally: FetchTally;
  /** Retries and 429 waits of this crawl's answered tasks, whichever worker fetched them. */
  onTally: (tally: TaskTally) => void;
  /** Prints one line for the user (stderr): what this process's own worker has to say. */
  log: (line: string) => void;
}

/** What the crawl needs of the record queue for one run. */
export interface QueueRun {
  fetch: RemoteFetch['fetch'];
  /** Tasks out at once: enough for every worker's concurrency, twice over. */
  maxInFlight: number;
  /** Workers alive on this service's queue (any machine), as last counted. */
  workers(): number;
  /** Tell `status` how the crawl goes. */
  publish(progress: CrawlProgress): void;
  /** Give up the tasks no worker has taken (Ctrl-C). */
  abandon(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A crawl on the record queue (BullMQ on Redis): this process decides (frontier, depth, budget, commits, all as in
 * one process) and fetches through RemoteFetch; its own worker, `--workers N` local processes and `landing-graph
 * worker` anywhere take the tasks. The crawl's lock and its frontier stay in Neo4j.
 */
export async function startQueueRun(o: QueueRunOptions): Promise<QueueRun> {
  const id = serviceId(o.service.baseUrl, o.service.apiKey);
  const remote = await RemoteFetch.open({ redisUrl: o.redisUrl, serviceId: id, onTally: o.onTally });
  let board: CrawlBoard | undefined;
  let own: FetchWorker | undefined;
  let children: WorkerProcesses | undefined;
  try {
    board = CrawlBoard.open(o.redisUrl);
    own = o.enqueueOnly
      ? undefined
      : startFetchWorker({
          redisUrl: o.redisUrl,
          serviceId: id,
          fetch: (ref) => o.client.fetch(ref),
          tally: o.tally,
          concurrency: o.concurrency,
          ...workerNotices(`crawl's worker ${process.pid}`, o.log),
        });
    children = o.workers > 0 ? startWorkerProcesses({ ...o, count: o.workers }) : undefined;
  } catch (error) {
    // What opened before the failure would keep the process alive (Redis connections, a worker): closed, the error kept.
    await Promise.allSettled([own?.close(), board?.close(), remote.close()]);
    throw error;
  }
  return queueRun(o, id, remote, board, own, children);
}

function queueRun(
  o: QueueRunOptions,
  id: string,
  remote: RemoteFetch,
  board: CrawlBoard,
  own: FetchWorker | undefined,
  children: WorkerProcesses | undefined,
): QueueRun {
  let workersSeen = (own ? 1 : 0) + o.workers;
  let crawlId: string | undefined;
  return {
    fetch: (ref, forCrawl) => {
      crawlId = forCrawl;
      return remote.fetch(ref, forCrawl);
    },
    maxInFlight: Math.max(64, o.concurrency * 2 * ((own ? 1 : 0) + o.workers)),
    workers: () => workersSeen,
    publish(progress) {
      void remote.workersAlive().then(
        (n) => (workersSeen = n),
        () => undefined,
      );
      if (crawlId === undefined) return;
      board.publish({
        crawlId,
        serviceId: id,
        progress: { ...progress, workers: workersSeen, ...remote.snapshot },
        requestsPerSecond: o.requestsPerSecond,
        host: hostname(),
        pid: process.pid,
        updatedAtMs: Date.now(),
      });
    },
    abandon: () => remote.abandon(),
    async close() {
      await own?.close();
      await children?.stop();
      if (crawlId !== undefined) await board.remove(crawlId);
      await board.close();
      await remote.close();
    },
  };
}
