import { isLandingGraphError } from '../errors.js';
import type { Clock } from '../time/clock.js';
import { Downtime, waitOut } from '../time/downtime.js';

export interface Neo4jPatience {
  /** Longest time to keep retrying while Neo4j is unavailable; then its error is thrown. */
  maxWaitMs: number;
  clock: Clock;
}

/**
 * Run a Neo4j operation, waiting out a Neo4j that is unavailable (restarting, failing over) or short of memory for up to
 * `maxWaitMs`, probing after 500 ms, then twice as long each time up to every 2 s; any other error, or a longer
 * outage, is thrown.
 */
export function waitOutNeo4j<T>(operation: () => Promise<T>, patience: Neo4jPatience): Promise<T> {
  return waitOut(operation, {
    downtime: new Downtime({ limitMs: patience.maxWaitMs, minProbeDelayMs: 500, maxProbeDelayMs: 2_000, clock: patience.clock }),
    clock: patience.clock,
    // A memory limit met by a commit is waited out too: the pool it ran short in is shared, and another
    // transaction (an analyst's query) may be what holds it.
    isOutage: (error) => isLandingGraphError(error, 'NEO4J_UNAVAILABLE') || isLandingGraphError(error, 'NEO4J_MEMORY'),
    giveUp: (_downMs, cause) => cause,
  });
}
