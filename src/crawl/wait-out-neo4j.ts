import { isLandingGraphError } from '../errors.js';

export interface Neo4jPatience {
  /** Longest time to keep retrying while Neo4j is unavailable; then its error is thrown. */
  maxWaitMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Run a Neo4j operation, waiting out a Neo4j that is unavailable (restarting, failing over) for up to
 * `maxWaitMs`, polling every 2 s at most; any other error, or a longer outage, is thrown.
 */
export async function waitOutNeo4j<T>(operation: () => Promise<T>, patience: Neo4jPatience): Promise<T> {
  const startedMs = patience.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (!isLandingGraphError(error, 'NEO4J_UNAVAILABLE') || patience.now() - startedMs >= patience.maxWaitMs) throw error;
      await patience.sleep(Math.min(2_000, 250 * 2 ** attempt));
    }
  }
}
