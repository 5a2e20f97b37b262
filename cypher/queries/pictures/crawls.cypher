// picture of: crawls
// description: The Crawl nodes, newest first (a crawl keeps its seeds and statistics as properties, so it has no links to draw).

// The crawls of the table form themselves (same filter, order and limit).
MATCH (c:Crawl)
WHERE $crawlId IS NULL OR c.id = $crawlId
RETURN c AS crawl
ORDER BY c.startedAt DESC
LIMIT $limit
