// The lowest depth that still has queued tasks, and how many are queued in all.
// Planned once, kept however the graph grows (README, "Plans that stay planned"): every lookup names its
// index and every MERGE its relationship type, so the plan made on an empty graph is the right one.
CYPHER replan=skip
MATCH (t:CrawlTask {crawlId: $crawlId, state: 'queued'}) USING INDEX t:CrawlTask(crawlId, state, depth)
// Every task has a depth; saying so lets the composite index serve the hint.
WHERE t.depth IS NOT NULL
RETURN min(t.depth) AS depth, count(t) AS queued
