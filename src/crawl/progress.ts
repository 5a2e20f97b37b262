import type { ClientEvent } from '../api/client.js';

/** What a crawl reports about itself, every second and at the end. */
export interface CrawlProgress {
  crawlId: string;
  /** The depth level being crawled, and the deepest one that will be. */
  depth: number;
  maxDepth: number;
  /** This run's settled fetches, by outcome. */
  fetched: number;
  missing: number;
  failed: number;
  invalid: number;
  /** Requests in flight, and tasks known to be queued (all levels). */
  inFlight: number;
  queued: number;
  /** Settled fetches per second over the run. */
  recordsPerSecond: number;
  retries: number;
  rateLimitWaits: number;
  nodesWritten: number;
  edgesWritten: number;
  elapsedMs: number;
  /** queued / recordsPerSecond; undefined until there is a rate. */
  etaMs: number | undefined;
}

/** Counts the client's retries and 429 waits; wire `onEvent` into LandingClientOptions.onEvent. */
export class ClientEventCounter {
  retries = 0;
  rateLimitWaits = 0;
  readonly onEvent = (event: ClientEvent): void => {
    if (event.type === 'retry') this.retries += 1;
    else this.rateLimitWaits += 1;
  };
}
