import type { Clock } from '../time/clock.js';
import type { FrontierStore } from './frontier-store.js';
import { waitOutNeo4j } from './wait-out-neo4j.js';

/** What every part of a run uses: the durable frontier, the clock, and patience with a Neo4j that is away. */
export interface RunContext {
  store: FrontierStore;
  /** The clock, epoch ms. */
  now: () => number;
  /** The clock as an ISO date-time, as the store records it. */
  iso: () => string;
  /** Run a store operation, waiting out a Neo4j that is unavailable (see waitOutNeo4j); any other error is thrown. */
  patiently: <T>(operation: () => Promise<T>) => Promise<T>;
}

/** `neo4jRetryMs`: how long a store operation waits for an unavailable Neo4j (the options' neo4jRetryMs). */
export function runContext(store: FrontierStore, neo4jRetryMs: number, clock: Clock): RunContext {
  return {
    store,
    now: () => clock.now(),
    iso: () => new Date(clock.now()).toISOString(),
    patiently: (operation) => waitOutNeo4j(operation, { maxWaitMs: neo4jRetryMs, clock }),
  };
}
