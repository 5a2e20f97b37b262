// A run of a crawl begins (the first, or a resume): count it, and queue again the tasks that failed in
// earlier runs (retries spent, e.g. during a long outage) so that this run retries them; the failed
// counter drops by as many. `requested` keeps them: they were requests.
MATCH (c:Crawl {id: $crawlId})
CALL (c) {
  OPTIONAL MATCH (t:CrawlTask {crawlId: c.id, state: 'failed'})
  SET t.state = 'queued', t.error = null
  RETURN count(t) AS requeued
}
SET c.status = 'running', c.runs = c.runs + 1, c.lastRunAt = datetime($now), c.failed = c.failed - requeued
RETURN c.requested AS requested, c.fetched AS fetched, c.missing AS missing, c.failed AS failed, c.invalid AS invalid, coalesce(c.reused, 0) AS reused, c.runs AS runs,
       requeued AS requeuedFailed
