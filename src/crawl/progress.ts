import type { ClientEvent } from '../client/client.js';

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
  /** This run's records expanded from a fresh stored answer: requests saved (--max-age). */
  reused: number;
  /** Requests in flight, and records still to fetch (tasks queued in the frontier, all levels, in flight included). */
  inFlight: number;
  toFetch: number;
  /** Settled fetches per second over the run. */
  recordsPerSecond: number;
  retries: number;
  rateLimitWaits: number;
  nodesWritten: number;
  edgesWritten: number;
  elapsedMs: number;
  /** Time left: the records to fetch and those they will still discover, at the pace of tasks settled (RemainingWork); undefined until there is an estimate. */
  etaMs: number | undefined;
  /** The records left that the time left is for: those to fetch and those they will still discover (RemainingWork). */
  leftEstimate: number | undefined;
  /** Set while the service is down (requests held, one probe at a time): why, and since how long. */
  serviceDown?: { reason: string; forMs: number };
}

/** What a run has counted so far, for `progressOf`. */
export interface RunCounters {
  /** Records expanded from a fresh stored answer instead of a request. */
  reused: number;
  fetched: number;
  missing: number;
  failed: number;
  invalid: number;
  nodesWritten: number;
  edgesWritten: number;
}

export interface ProgressInput {
  crawlId: string;
  depth: number;
  maxDepth: number;
  run: RunCounters;
  inFlight: number;
  toFetch: number;
  retries: number;
  rateLimitWaits: number;
  elapsedMs: number;
  /** RemainingWork's estimate: records left and the time they take; undefined: none yet. */
  left?: { tasks: number; etaMs: number } | undefined;
}

/** The progress report of a run from its counters. Pure. */
export function progressOf(input: ProgressInput): CrawlProgress {
  const { run, elapsedMs } = input;
  const settled = run.fetched + run.missing + run.failed + run.invalid;
  const recordsPerSecond = elapsedMs > 0 ? (settled * 1000) / elapsedMs : 0;
  return {
    crawlId: input.crawlId,
    depth: input.depth,
    maxDepth: input.maxDepth,
    fetched: run.fetched,
    missing: run.missing,
    failed: run.failed,
    invalid: run.invalid,
    reused: run.reused,
    inFlight: input.inFlight,
    toFetch: Math.max(0, input.toFetch),
    recordsPerSecond,
    retries: input.retries,
    rateLimitWaits: input.rateLimitWaits,
    nodesWritten: run.nodesWritten,
    edgesWritten: run.edgesWritten,
    elapsedMs,
    etaMs: input.left?.etaMs,
    leftEstimate: input.left?.tasks,
  };
}

/** Counts the client's retries, 429 waits and outages; wire `onEvent` into LandingClientOptions.onEvent. */
export class ClientEventCounter {
  retries = 0;
  rateLimitWaits = 0;
  /** Times the service went down. */
  outages = 0;
  /** While the service is down: why, and when it went down (epoch ms). */
  down: { reason: string; since: number } | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  readonly onEvent = (event: ClientEvent): void => {
    if (event.type === 'retry') this.retries += 1;
    else if (event.type === 'rate-limited') this.rateLimitWaits += 1;
    else if (event.type === 'service-down') {
      this.outages += 1;
      this.down = { reason: event.reason, since: this.now() };
    } else this.down = undefined;
  };

  /** Retries and 429 waits counted elsewhere: by the workers that fetched this crawl's records. */
  add(counts: { retries: number; rateLimitWaits: number }): void {
    this.retries += counts.retries;
    this.rateLimitWaits += counts.rateLimitWaits;
  }

  /** For CrawlProgress.serviceDown. */
  serviceDown(): CrawlProgress['serviceDown'] {
    return this.down && { reason: this.down.reason, forMs: this.now() - this.down.since };
  }
}
