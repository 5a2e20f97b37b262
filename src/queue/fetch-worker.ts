import { Worker } from 'bullmq';
import type { FetchedRecord } from '../client/client.js';
import type { LandingRef } from '../api/refs.js';
import { fetchQueueName, QUEUE_PREFIX } from './names.js';
import type { FetchTally } from './tally.js';
import { fetchJobSchema, type FetchOutcome, outcomeOfError, outcomeOfRecord } from './outcome.js';

export interface FetchWorkerOptions {
  redisUrl: string;
  /** The service and key this worker serves (serviceId of rate/shared-window.ts): it takes tasks of that queue only. */
  serviceId: string;
  /** Fetches one record (LandingClient.fetch, throttled by the shared window). */
  fetch: (ref: LandingRef) => Promise<FetchedRecord>;
  /** Counts the client's retries and 429 waits per record (its onEvent wired in): they go back with each answer. */
  tally?: FetchTally;
  /** Tasks in hand at once. */
  concurrency: number;
  /**
   * How long a task stays leased to this worker without a renewal (renewed every half of it while the worker lives).
   * A worker killed with its tasks in hand has them redone by another after at most leaseMs + stalledCheckMs.
   * Default: 10000.
   */
  leaseMs?: number;
  /** How often the workers look for tasks whose lease lapsed. Default: 5000. */
  stalledCheckMs?: number;
  /** Shown by `status` and BullMQ's CLIENT LIST. Default: `worker-<pid>`. */
  name?: string;
  /**
   * Errors of the Redis connection (the worker reconnects by itself), and answers Redis refused because the task's
   * lease had lapsed (BullMQ's "Missing lock for job"); default: ignored.
   */
  onError?: (error: Error) => void;
  /**
   * Tasks whose lease this worker could not renew (Redis away or too slow, the event loop stalled): another worker
   * redoes them once the lease lapses, and this worker's answers to them are refused. Default: ignored.
   */
  onLeaseLost?: (taskIds: string[]) => void;
}

export interface FetchWorker {
  /** Tasks this worker has finished (fetched, or settled with an error outcome). */
  readonly done: number;
  /** Stop taking tasks; resolves once the tasks in hand are finished and answered. */
  close(): Promise<void>;
}

/**
 * A BullMQ worker of record tasks: it fetches each task's record and answers with the outcome as the job's return
 * value. It never throws for a record (a 404 or spent retries is an outcome for the crawl to judge), so BullMQ's own
 * retries are not used: only a lapsed lease (a dead worker) makes a task run again.
 */
export function startFetchWorker(options: FetchWorkerOptions): FetchWorker {
  let done = 0;
  const fetchOutcome = (ref: LandingRef) =>
    options.fetch(ref).then(
      (record) => outcomeOfRecord(record, options.tally?.take(ref)),
      (error: unknown) => outcomeOfError(error, options.tally?.take(ref)),
    );
  const worker = new Worker<unknown, FetchOutcome>(
    fetchQueueName(options.serviceId),
    async (job) => {
      const parsed = fetchJobSchema.safeParse(job.data);
      const outcome = !parsed.success
        ? outcomeOfError(new Error(`job ${job.id} is not a record task: ${parsed.error.issues[0]?.message}`))
        : await fetchOutcome(parsed.data.ref as LandingRef);
      done++;
      return outcome;
    },
    {
      connection: { url: options.redisUrl },
      prefix: QUEUE_PREFIX,
      concurrency: options.concurrency,
      lockDuration: options.leaseMs ?? 10_000,
      stalledInterval: options.stalledCheckMs ?? 5_000,
      // A task is redone whenever its worker died, however often: it fails only by its own outcome.
      maxStalledCount: 1_000,
      name: options.name ?? `worker-${process.pid}`,
    },
  );
  worker.on('error', (error) => options.onError?.(error));
  worker.on('lockRenewalFailed', (taskIds) => options.onLeaseLost?.(taskIds));
  return {
    get done() {
      return done;
    },
    close: () => worker.close(),
  };
}
