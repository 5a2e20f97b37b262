// The next page of queued tasks of one depth, in uid order after $after (keyset paging).
MATCH (t:CrawlTask {crawlId: $crawlId, state: 'queued'})
WHERE t.depth = $depth AND t.uid > $after
RETURN t.uid AS uid, t.kind AS kind, t.id AS id, t.key AS key, t.depth AS depth
ORDER BY t.uid
LIMIT $limit
