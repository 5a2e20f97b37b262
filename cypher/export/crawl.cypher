// Export provenance: the crawl $crawlId, or the latest one when $crawlId is null.
MATCH (c:Crawl)
WHERE $crawlId IS NULL OR c.id = $crawlId
RETURN c.id AS id, c.seeds AS seeds, c.maxDepth AS maxDepth, c.status AS status, c.startedAt AS startedAt,
       c.finishedAt AS finishedAt, c.baseUrl AS baseUrl
ORDER BY c.startedAt DESC
LIMIT 1
