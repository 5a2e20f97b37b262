// A run of a crawl begins (the first, or a resume): count it.
MATCH (c:Crawl {id: $crawlId})
SET c.status = 'running', c.runs = c.runs + 1, c.lastRunAt = datetime($now)
RETURN c.requested AS requested, c.fetched AS fetched, c.missing AS missing, c.failed AS failed, c.invalid AS invalid, c.runs AS runs
