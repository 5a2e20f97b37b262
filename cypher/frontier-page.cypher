// The next page of queued tasks of one depth after the cursor $after ('' first), in the order of their place:
// rank (a hash of the uid, set when the task is queued: src/crawl/frontier-rank.ts), then uid. A uid begins with
// its kind; hash order mixes a level's kinds, so that the pace the crawl reports, and its time left, is the
// level's and not one kind's. A task queued before ranks existed sorts by its uid alone.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
MATCH (t:CrawlTask {crawlId: $crawlId, state: 'queued'}) USING INDEX SEEK t:CrawlTask(crawlId, state, depth)
WHERE t.depth = $depth
WITH t, coalesce(t.rank, '') + t.uid AS position
WHERE position > $after
RETURN t.uid AS uid, t.kind AS kind, t.id AS id, t.key AS key, t.depth AS depth, position
ORDER BY position
LIMIT $limit
