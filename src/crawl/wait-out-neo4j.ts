import { isLandingGraphError } from '../errors.js';
import type { Clock } from '../time/clock.js';

export interface Neo4jPatience {
  /** Longest time to keep retrying while Neo4j is unavailable; then its error is thrown. */
  maxWaitMs: number;
  clock: Clock;
}

/**
 * Run a Neo4j operation, waiting out a Neo4j that is unavailable (restarting, failing over) for up to
 * `maxWaitMs`, polling every 2 s at most; any other error, or a longer outage, is thrown.
 */
export async function waitOutNeo4j<T>(operation: () => Promise<T>, patience: Neo4jPatience): Promise<T> {
  const startedMs = patience.clock.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (!isLandingGraphError(error, 'NEO4J_UNAVAILABLE') || patience.clock.now() - startedMs >= patience.maxWaitMs) throw error;
      await patience.clock.sleep(Math.min(2_000, 250 * 2 ** attempt));
    }
  }
}
