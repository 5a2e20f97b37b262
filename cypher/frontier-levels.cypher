// The lowest depth that still has queued tasks, and how many are queued in all.
MATCH (t:CrawlTask {crawlId: $crawlId, state: 'queued'})
RETURN min(t.depth) AS depth, count(t) AS queued
