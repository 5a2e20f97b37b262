import { Worker } from 'node:worker_threads';
import type { FetchedRecord } from '../client/client.js';
import type { LandingRef } from '../api/refs.js';
import { LandingGraphError } from '../errors.js';
import type { FrontierTask, Commit } from './frontier-store.js';
import { type SettlePolicy, settleFetched } from './settle.js';
import type { Settler, SettlerFactory } from './settler.js';

/** One record to settle, as posted to the thread (its text: the thread parses it, off the event loop). */
export interface SettleRequest {
  id: number;
  task: FrontierTask;
  ref: LandingRef;
  text: string;
  attempts: number;
}

export type SettleReply = { id: number; settlement: Commit } | { id: number; error: string };

/**
 * Heap of the thread, MiB: it holds only the records being settled (as many as the crawl has in flight) and their
 * settlements until they are posted. Peak RSS of a 10,000-record crawl, unthrottled: 237 MB settling in the
 * crawl's thread (16 MB young generation), 284 MB in this one (16 MB each), 257 MB with 8 MB for both.
 */
const THREAD_OLD_SPACE_MB = 64;
const THREAD_YOUNG_SPACE_MB = 8;
/**
 * Records longer than this (characters) are settled in the crawl's own thread, whose heap (256 MB) is sized for the
 * largest record the client accepts (--max-body-mb, 16 MiB): a few, so the event loop can afford them.
 */
const INLINE_ABOVE_CHARS = 1_000_000;

/**
 * A settler in one worker thread. Measured on a depth-3 ball of 4,490 records at 50 ms per request (bench section
 * 9): settling in the crawl's own thread kept its event loop busy about half the time in stretches of 10-80 ms,
 * and each request waited for them; most of that time was the schema check and the mapping.
 * A thread that dies fails every record it held with INTERNAL, and the crawl stops (its tasks stay queued).
 */
export function threadSettler(policy: SettlePolicy): Settler {
  return startSettleThread()(policy);
}

/** A settler factory whose thread is already starting, and a way to end that thread if no crawl ever uses it. */
export interface StartedSettleThread extends SettlerFactory {
  /** Ends the thread unless a settler took it (whose close ends it). */
  discard(): Promise<void>;
}

/**
 * Start the thread now and give it the policy when the crawl knows it. Loading the thread's modules (zod schemas,
 * the mapping) takes about 100 ms, and the first record waited for it; started beside the crawl's own start
 * (Neo4j, the lock, the seeds), it is ready when the first answer comes.
 */
export function startSettleThread(): StartedSettleThread {
  // By way of ../crawl/: the same file from dist/crawl and from the CLI's bundle in dist/cli.
  const worker = new Worker(new URL('../crawl/settle-thread-main.js', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: THREAD_OLD_SPACE_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_SPACE_MB },
  });
  worker.unref();
  let taken = false;
  const factory = (policy: SettlePolicy): Settler => {
    if (taken) throw new LandingGraphError('INTERNAL', 'a settle thread serves one crawl');
    taken = true;
    const start: SettleStart = { policy };
    worker.postMessage(start);
    return settlerOn(worker, policy);
  };
  return Object.assign(factory, {
    discard: async () => {
      if (!taken) await worker.terminate();
    },
  });
}

/** The first message to the thread: the policy it settles with. */
export interface SettleStart {
  policy: SettlePolicy;
}

function settlerOn(worker: Worker, policy: SettlePolicy): Settler {
  const waiting = new Map<number, { resolve: (s: Commit) => void; reject: (e: unknown) => void }>();
  let nextId = 0;
  let dead: LandingGraphError | undefined;
  const failAll = (error: LandingGraphError) => {
    dead = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: SettleReply) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if ('settlement' in reply) entry.resolve(reply.settlement);
    else entry.reject(new LandingGraphError('INTERNAL', `settling a record failed: ${reply.error}`));
  });
  worker.on('error', (error) => failAll(new LandingGraphError('INTERNAL', `the settle thread failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => {
    if (!dead) failAll(new LandingGraphError('INTERNAL', `the settle thread exited (code ${code})`));
  });
  return {
    settle(task: FrontierTask, fetched: FetchedRecord): Promise<Commit> {
      if (dead) return Promise.reject(dead);
      if (fetched.text.length > INLINE_ABOVE_CHARS) return Promise.resolve().then(() => settleFetched(task, fetched, policy));
      const id = nextId++;
      return new Promise<Commit>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const request: SettleRequest = { id, task, ref: fetched.ref, text: fetched.text, attempts: fetched.attempts };
        worker.postMessage(request);
      });
    },
    async close(): Promise<void> {
      dead ??= new LandingGraphError('INTERNAL', 'a record was given to a settler after the crawl closed it');
      await worker.terminate();
    },
  };
}
