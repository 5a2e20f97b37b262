// Record a new crawl and queue its seeds at depth 0, in one transaction.
// $crawl: {id, fingerprint, seeds, maxDepth, options (JSON text), baseUrl}; $tasks: [{uid, kind, id, key, rank}]
// (rank: the task's place in its level's page order, see cypher/frontier-page.cypher).
CREATE (c:Crawl)
SET c = $crawl, c.status = 'running', c.startedAt = datetime($now), c.runs = 0,
    c.requested = 0, c.fetched = 0, c.missing = 0, c.failed = 0, c.invalid = 0, c.reused = 0
WITH c
UNWIND $tasks AS t
MERGE (x:CrawlTask {uid: t.uid})
  ON CREATE SET x.crawlId = c.id, x.kind = t.kind, x.id = t.id, x.key = t.key, x.rank = t.rank, x.depth = 0, x.state = 'queued'
RETURN count(x) AS queued
