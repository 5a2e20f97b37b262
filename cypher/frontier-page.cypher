// The next page of queued tasks of one depth, in uid order after $after (keyset paging).
// Planned once, kept however the graph grows (README, "Plans that stay planned"): every lookup names its
// index and every MERGE its relationship type, so the plan made on an empty graph is the right one.
CYPHER replan=skip
MATCH (t:CrawlTask {crawlId: $crawlId, state: 'queued'}) USING INDEX t:CrawlTask(crawlId, state, depth)
WHERE t.depth = $depth AND t.uid > $after
RETURN t.uid AS uid, t.kind AS kind, t.id AS id, t.key AS key, t.depth AS depth
ORDER BY t.uid
LIMIT $limit
