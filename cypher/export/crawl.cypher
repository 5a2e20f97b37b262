// Export provenance: the crawl $crawlId, or the latest one when $crawlId is null (with $asOf, an ISO
// date-time: the latest one started by then).
MATCH (c:Crawl)
WHERE CASE WHEN $crawlId IS NULL THEN $asOf IS NULL OR c.startedAt <= datetime($asOf) ELSE c.id = $crawlId END
RETURN c.id AS id, c.seeds AS seeds, c.maxDepth AS maxDepth, c.status AS status, c.startedAt AS startedAt,
       c.finishedAt AS finishedAt, c.baseUrl AS baseUrl
ORDER BY c.startedAt DESC
LIMIT 1
