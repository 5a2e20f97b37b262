// How many tasks are queued, per kind of record: the estimate of the time left weighs each kind by what its records
// cost to write (src/crawl/remaining-work.ts).
// Planned once and kept (docs/design.md, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
MATCH (t:CrawlTask {crawlId: $crawlId, state: 'queued'}) USING INDEX SEEK t:CrawlTask(crawlId, state, depth)
// Every task has a depth; saying so lets the composite index serve the hint.
WHERE t.depth IS NOT NULL
RETURN t.kind AS kind, count(t) AS queued
