/** Seconds of requests at the rate limit that fetched records may wait for their commit. */
export const BUFFER_SECONDS = 5;
/** The most fetched records that wait in memory, whatever the rate (memory, and what a kill can cost). */
export const MAX_WAITING_RECORDS = 2000;
/**
 * The most raw answer text (characters) that waiting records hold, whatever the rate: about 250 records of the
 * sandbox. An unthrottled client fetches several times faster than Neo4j writes, so the waiting records sit at
 * this bound, and it is what the crawl's peak memory follows; a store-bound crawl loses no speed to it, since 250
 * records are more than two commits.
 */
export const MAX_WAITING_RAW_CHARS = 4_000_000;

/**
 * How many fetched records may wait for their commit while another is written: enough for
 * BUFFER_SECONDS of requests at `requestsPerSecond`, so a slow commit (a busy or replanning Neo4j) does
 * not stop the fetching; at least one commit's worth, at most MAX_WAITING_RECORDS. A kill -9 costs at
 * most twice this plus what is in flight (see docs/crawl.md, "Resuming").
 */
export function waitingRecordsFor(requestsPerSecond: number, commitEvery: number): number {
  const atRate = Number.isFinite(requestsPerSecond) ? Math.ceil(requestsPerSecond * BUFFER_SECONDS) : MAX_WAITING_RECORDS;
  return Math.max(commitEvery, Math.min(MAX_WAITING_RECORDS, atRate));
}
