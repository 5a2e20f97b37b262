// Flags: the element ids of the records crawl $crawlId fetched (its done tasks), for --crawl. Read only.
MATCH (t:CrawlTask {crawlId: $crawlId, state: 'done'})
MATCH (n:Landing {kind: t.kind, id: t.id})
RETURN collect(DISTINCT elementId(n)) AS elements
