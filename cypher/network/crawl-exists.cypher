// Networks scope: whether crawl $crawlId exists, with how many records it fetched. Read only.
MATCH (c:Crawl {id: $crawlId})
RETURN c.id AS id, COUNT { MATCH (t:CrawlTask {crawlId: $crawlId, state: 'done'}) } AS done
