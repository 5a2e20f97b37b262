// title: Crawls and their statistics
// description: Every crawl, newest first: its seeds and depth, status, when it ran, what it requested and got
// description: (fetched, missing, failed, broke the schema), and its tasks still queued.
// param: crawlId string optional  One crawl; all when absent
// param: limit integer default 20 min=1  Most rows
// columns: crawl, status, seeds, maxDepth, startedAt, finishedAt, requested, fetched, missing, failed, invalid, tasks, queued
MATCH (c:Crawl)
WHERE $crawlId IS NULL OR c.id = $crawlId
// Counted from the queue's index entries, which hold each task's state (every task has its crawl, state and depth
// from its first write: crawl-create, frontier-complete), not from the tasks.
CALL (c) {
  MATCH (t:CrawlTask) USING INDEX t:CrawlTask(crawlId, state, depth)
  WHERE t.crawlId = c.id AND t.state IS NOT NULL AND t.depth IS NOT NULL
  RETURN count(t) AS tasks, count(CASE WHEN t.state = 'queued' THEN 1 END) AS queued
}
RETURN c.id AS crawl, c.status AS status, c.seeds AS seeds, c.maxDepth AS maxDepth, c.startedAt AS startedAt,
       c.finishedAt AS finishedAt, c.requested AS requested, c.fetched AS fetched, c.missing AS missing,
       c.failed AS failed, c.invalid AS invalid, tasks, queued
ORDER BY startedAt DESC
LIMIT $limit
