import type { FetchedRecord } from '../client/client.js';
import { LandingGraphError } from '../errors.js';
import type { FrontierTask, Commit } from './frontier-store.js';
import { type SettlePolicy, settleFetched } from './settle.js';

/**
 * Turns a fetched record into its settlement (schema check, mapping, pivots, frontier changes): the crawl's
 * heaviest work per record, apart from the loop that keeps requests going. In this thread by default; the CLI
 * runs it in a worker thread (settle-thread.ts), so that validating and mapping a record never holds up the
 * event loop that sends the next request and reads the next answer.
 */
export interface Settler {
  settle(task: FrontierTask, fetched: FetchedRecord): Promise<Commit>;
  close(): Promise<void>;
}

/** Builds the crawl's settler once its policy is known. */
export type SettlerFactory = (policy: SettlePolicy) => Settler;

/** settleFetched in the caller's thread. */
export const inlineSettler: SettlerFactory = (policy) => {
  let closed = false;
  return {
    settle: async (task, fetched) => {
      if (closed) throw new LandingGraphError('INTERNAL', 'a record was given to a settler after the crawl closed it');
      return settleFetched(task, fetched, policy);
    },
    close: async () => {
      closed = true;
    },
  };
};
