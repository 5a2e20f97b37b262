// The lowest depth that still has queued tasks, and how many are queued in all.
MATCH (t:CrawlTask {crawlId: $crawlId, state: 'queued'}) USING INDEX t:CrawlTask(crawlId, state, depth)
// Every task has a depth; saying so lets the composite index serve the hint.
WHERE t.depth IS NOT NULL
RETURN min(t.depth) AS depth, count(t) AS queued
