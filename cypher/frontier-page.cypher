// The next page of queued tasks of one depth, in uid order after $after (keyset paging).
// Planned once and kept (docs/design.md, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
MATCH (t:CrawlTask {crawlId: $crawlId, state: 'queued'}) USING INDEX SEEK t:CrawlTask(crawlId, state, depth)
WHERE t.depth = $depth AND t.uid > $after
RETURN t.uid AS uid, t.kind AS kind, t.id AS id, t.key AS key, t.depth AS depth
ORDER BY t.uid
LIMIT $limit
