// Change report: when the crawl $crawlId started (epoch ms), for `changes --since <crawl id>`. No row: no such crawl.
MATCH (c:Crawl {id: $crawlId})
RETURN c.startedAt.epochMillis AS startedAt
