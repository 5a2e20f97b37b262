/** Seconds of requests at the rate limit that fetched records may wait for their commit. */
export const BUFFER_SECONDS = 5;
/** The most fetched records that wait in memory, whatever the rate (memory, and what a kill can cost). */
export const MAX_WAITING_RECORDS = 2000;
/**
 * The most raw answer text (characters) that waiting records hold, whatever the rate: about 250 records of the
 * sandbox (15.7 kB each). Without it, 2,000 records waited while a commit of as many was written at 100,000
 * records unthrottled, and the crawl's peak RSS went from 285 MB (10,000 records) to 346 MB. Since the client
 * fetches 5-7 times faster than Neo4j writes (the limiter no longer waits on bottleneck's timers), the waiting
 * records are always at this bound: at 8,000,000 the 100,000-record crawl peaked at 314.9 MB, at 4,000,000 at
 * 262.4 MB, with the same records per second (store-bound: 250 records are two and a half commits).
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
