import { type Job, Queue, QueueEvents } from 'bullmq';
import type { FetchedRecord } from '../client/client.js';
import type { LandingRef } from '../api/refs.js';
import { REDIS_MAX_OUTAGE_MS, redisGone } from '../rate/redis-outage.js';
import { LandingGraphError } from '../errors.js';
import { type Clock, systemClock } from '../time/clock.js';
import { Downtime } from '../time/downtime.js';
import { fetchQueueName, jobIdOf, QUEUE_PREFIX } from './names.js';
import { type FetchJob, fetchOutcomeSchema, readOutcome } from './outcome.js';
import type { TaskTally } from './tally.js';

export interface RemoteFetchOptions {
  redisUrl: string;
  /** The service and key (serviceId of rate/shared-window.ts): its queue. */
  serviceId: string;
  /**
   * How often tasks waiting for an answer are looked up in Redis: an answer whose event was missed is taken, a task
   * Redis lost (restarted empty) is queued again. Default: 2000.
   */
  checkEveryMs?: number;
  /** How long Redis may stay away before the waiting tasks fail with REDIS_UNREACHABLE. Default: 600000 (10 min). */
  maxOutageMs?: number;
  /** Retries and 429 waits an answered task cost its worker (the crawl's summary counts them). */
  onTally?: (tally: TaskTally) => void;
  /** Paces the look-ups and times Redis's absence. Default: systemClock. */
  clock?: Clock;
}

/** What RemoteFetch uses of BullMQ's Queue and QueueEvents (an in-memory pair stands in for them in unit tests). */
export type TaskQueue = Pick<Queue, 'add' | 'remove' | 'getJobState' | 'getJob' | 'getWorkers' | 'close' | 'on'>;
export type TaskEvents = Pick<QueueEvents, 'on' | 'close'>;

interface Waiting {
  ref: LandingRef;
  crawlId: string;
  resolve: (record: FetchedRecord) => void;
  reject: (error: unknown) => void;
  /** In the queue for sure (added, or found there). */
  queued: boolean;
  /** Being queued now: the look-up leaves it alone (two adds racing a fast worker asked one record twice). */
  enqueuing?: Promise<void>;
}

/** Counters for progress and tests. */
export interface RemoteFetchCounts {
  /** Tasks waiting for their answer (queued or in a worker's hands). */
  waiting: number;
  /** Tasks queued again because Redis no longer had them. */
  requeued: number;
  /** Answers found in Redis from an earlier run of the crawl (fetched after its coordinator stopped). */
  adopted: number;
}

/**
 * The crawl's side of the record queue: `fetch(ref, crawlId)` queues a task (job id: crawl and record) and resolves
 * with the record a worker fetched, or rejects with the worker's error. The answer comes by QueueEvents; a periodic
 * look-up covers a missed event and a Redis that lost its data (the task is queued again: at worst one more request).
 */
export class RemoteFetch {
  private readonly waiting = new Map<string, Waiting>();
  private readonly counts = { requeued: 0, adopted: 0 };
  private readonly downtime: Downtime;
  private readonly stopChecks = new AbortController();
  private readonly checker: Promise<void>;

  private readonly clock: Clock;

  /** Over a queue and its events already connected (`open` connects to Redis). */
  constructor(
    private readonly queue: TaskQueue,
    private readonly events: TaskEvents,
    private readonly options: RemoteFetchOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.downtime = new Downtime({ limitMs: options.maxOutageMs ?? REDIS_MAX_OUTAGE_MS, clock: this.clock });
    events.on('completed', ({ jobId, returnvalue }) => this.answer(jobId, returnvalue));
    events.on('failed', ({ jobId, failedReason }) => this.failed(jobId, failedReason));
    events.on('error', () => undefined);
    queue.on('error', () => undefined);
    this.checker = this.checkLoop();
  }

  /** Connect; REDIS_UNREACHABLE when Redis does not answer. */
  static async open(options: RemoteFetchOptions): Promise<RemoteFetch> {
    const connection = { url: options.redisUrl };
    const name = fetchQueueName(options.serviceId);
    const queue = new Queue(name, {
      connection,
      prefix: QUEUE_PREFIX,
      // Answers are removed once the crawl has them; one left by a crawl that died waits an hour for its resume.
      defaultJobOptions: { removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } },
    });
    const events = new QueueEvents(name, { connection, prefix: QUEUE_PREFIX });
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    return new RemoteFetch(queue, events, options);
  }

  get snapshot(): RemoteFetchCounts {
    return { waiting: this.waiting.size, ...this.counts };
  }

  /** Workers connected to this queue now, on any machine. */
  async workersAlive(): Promise<number> {
    return (await this.queue.getWorkers()).length;
  }

  /** The record as a worker fetched it; rejects with the worker's error (the client's code kept). */
  fetch(ref: LandingRef, crawlId: string): Promise<FetchedRecord> {
    const jobId = jobIdOf(crawlId, ref);
    if (this.waiting.has(jobId)) throw new LandingGraphError('INTERNAL', `record task ${jobId} asked twice at once`);
    return new Promise<FetchedRecord>((resolve, reject) => {
      const entry: Waiting = { ref, crawlId, resolve, reject, queued: false };
      this.waiting.set(jobId, entry);
      void this.enqueueOnce(jobId, entry); // Redis away: the check loop tries again
    });
  }

  /**
   * Give up the tasks no worker has taken yet (they reject with CRAWL_ABORTED and leave the queue); resolves when
   * the tasks in workers' hands have been answered.
   */
  async abandon(): Promise<void> {
    for (const [jobId, entry] of this.waiting) {
      const removed = await this.queue.remove(jobId).catch(() => 0);
      if (removed === 1)
        this.settle(jobId, () =>
          entry.reject(
            new LandingGraphError('CRAWL_ABORTED', 'interrupted before a worker took every record; the same command resumes the crawl'),
          ),
        );
    }
  }

  async close(): Promise<void> {
    this.stopChecks.abort();
    await this.checker;
    await Promise.all([this.events.close(), this.queue.close()]).catch(() => undefined);
  }

  /** enqueue, one at a time per task; `rethrow`: the check loop learns that Redis is away. */
  private async enqueueOnce(jobId: string, entry: Waiting, rethrow = false): Promise<void> {
    const adding = this.enqueue(jobId, entry);
    entry.enqueuing = adding.catch(() => undefined);
    try {
      await adding;
    } catch (error) {
      if (rethrow) throw error;
    } finally {
      entry.enqueuing = undefined;
    }
  }

  /** Queue the task, or take the answer an earlier run left (an error outcome is asked again). */
  private async enqueue(jobId: string, entry: Waiting): Promise<void> {
    const found = await this.lookUp(jobId);
    if (found?.state === 'completed' && fetchOutcomeSchema.safeParse(found.returnValue).data?.ok === true) {
      this.counts.adopted++;
      this.answer(jobId, found.returnValue);
      return;
    }
    if (found && found.state !== 'completed' && found.state !== 'failed') {
      entry.queued = true; // waiting or in a worker's hands: its answer comes
      return;
    }
    if (found) await this.queue.remove(jobId);
    if (this.waiting.get(jobId) !== entry) return; // answered meanwhile: a new job would ask the record again
    const data: FetchJob = { crawlId: entry.crawlId, ref: entry.ref };
    await this.queue.add('fetch', data, { jobId });
    entry.queued = true;
  }

  /**
   * The job's state, then (once it is over) its answer: read in that order, because a job read first and found
   * completed after would carry no answer yet. Undefined: Redis does not have it.
   */
  private async lookUp(jobId: string): Promise<{ state: string; returnValue?: unknown; failedReason?: string } | undefined> {
    const state = await this.queue.getJobState(jobId);
    if (state === 'unknown') return undefined;
    if (state !== 'completed' && state !== 'failed') return { state };
    const job: Job | undefined = await this.queue.getJob(jobId);
    if (!job) return undefined;
    return { state, returnValue: job.returnvalue, failedReason: job.failedReason };
  }

  private answer(jobId: string, returnValue: unknown): void {
    const entry = this.waiting.get(jobId);
    if (!entry) return;
    this.settle(jobId, () => {
      try {
        entry.resolve(readOutcome(entry.ref, returnValue, jobId, this.options.onTally));
      } catch (error) {
        entry.reject(error);
      }
    });
  }

  private failed(jobId: string, reason: string): void {
    const entry = this.waiting.get(jobId);
    if (!entry) return;
    this.settle(jobId, () => entry.reject(new LandingGraphError('INTERNAL', `record task ${jobId} failed in its worker: ${reason}`)));
  }

  /** Hand the answer over once, and remove the job: the crawl has it (a later run asks anew). */
  private settle(jobId: string, hand: () => void): void {
    if (!this.waiting.delete(jobId)) return;
    hand();
    void this.queue.remove(jobId).catch(() => undefined);
  }

  private async checkLoop(): Promise<void> {
    const everyMs = this.options.checkEveryMs ?? 2_000;
    while (!this.stopChecks.signal.aborted) {
      await this.clock.sleep(everyMs, this.stopChecks.signal).catch(() => undefined);
      if (!this.stopChecks.signal.aborted && this.waiting.size > 0) await this.check();
    }
  }

  /** Look up every waiting task in Redis: take missed answers, queue again what Redis lost. */
  private async check(): Promise<void> {
    try {
      for (const [jobId, entry] of [...this.waiting]) {
        if (!this.waiting.has(jobId) || entry.enqueuing) continue;
        if (!entry.queued) {
          await this.enqueueOnce(jobId, entry, true);
          continue;
        }
        const found = await this.lookUp(jobId);
        if (!this.waiting.has(jobId) || entry.enqueuing) continue;
        if (!found) {
          this.counts.requeued++;
          entry.queued = false;
          await this.enqueueOnce(jobId, entry, true);
        } else if (found.state === 'completed') this.answer(jobId, found.returnValue);
        else if (found.state === 'failed') this.failed(jobId, found.failedReason ?? 'no reason given');
      }
      this.downtime.answered();
    } catch (cause) {
      const downMs = this.downtime.failed();
      if (this.downtime.exceeded(downMs)) {
        const error = redisGone(this.options.redisUrl, downMs, cause);
        for (const [jobId, entry] of [...this.waiting]) this.settle(jobId, () => entry.reject(error));
      }
    }
  }
}
