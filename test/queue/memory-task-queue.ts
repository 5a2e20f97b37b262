import { EventEmitter } from 'node:events';
import type { TaskEvents, TaskQueue } from '../../src/queue/remote-fetch.js';

interface Job {
  data: unknown;
  state: 'waiting' | 'active' | 'completed' | 'failed';
  returnvalue?: unknown;
  failedReason?: string;
}

/**
 * The part of BullMQ's Queue and QueueEvents that RemoteFetch uses, in memory: jobs by id, events on an emitter,
 * and a Redis that can go away (`down`: every call rejects) or lose its data (`flush`). Workers are played by the
 * test (`complete`, `fail`), with or without the event.
 */
export class MemoryTaskQueue {
  readonly jobs = new Map<string, Job>();
  readonly emitter = new EventEmitter();
  down = false;
  adds = 0;

  readonly queue = {
    add: async (_name: string, data: unknown, options: { jobId: string }) => {
      this.#check();
      if (!this.jobs.has(options.jobId)) {
        this.adds += 1;
        this.jobs.set(options.jobId, { data, state: 'waiting' });
      }
      return { id: options.jobId };
    },
    remove: async (jobId: string) => {
      this.#check();
      return this.jobs.delete(jobId) ? 1 : 0;
    },
    getJobState: async (jobId: string) => {
      this.#check();
      return this.jobs.get(jobId)?.state ?? 'unknown';
    },
    getJob: async (jobId: string) => {
      this.#check();
      return this.jobs.get(jobId);
    },
    getWorkers: async () => [],
    close: async () => undefined,
    on: () => this.queue,
  } as unknown as TaskQueue;

  readonly events = {
    on: (event: string, listener: (...args: unknown[]) => void) => {
      this.emitter.on(event, listener);
      return this.events;
    },
    close: async () => undefined,
  } as unknown as TaskEvents;

  /** A worker answers the job; `announce`: the 'completed' event is heard (else it was missed). */
  complete(jobId: string, returnvalue: unknown, announce = true): void {
    const job = this.jobs.get(jobId);
    if (!job) throw new Error(`no job ${jobId}`);
    Object.assign(job, { state: 'completed', returnvalue });
    if (announce) this.emitter.emit('completed', { jobId, returnvalue });
  }

  /** Redis restarted empty. */
  flush(): void {
    this.jobs.clear();
  }

  #check(): void {
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
  }
}
