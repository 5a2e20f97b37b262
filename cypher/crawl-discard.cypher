// Remove a crawl its first run created and that holds nothing (it never reached the service, or every first
// answer looked wrong): the :Crawl, its queued tasks, and its lock once released and no other crawl of the
// same fingerprint keeps it. A crawl with any settled task is kept. Returns how many crawls were removed.
MATCH (c:Crawl {id: $crawlId})
WHERE NOT EXISTS { MATCH (t:CrawlTask {crawlId: $crawlId}) WHERE t.state <> 'queued' }
CALL (c) {
  MATCH (t:CrawlTask {crawlId: c.id})
  DETACH DELETE t
}
WITH c, c.fingerprint AS fingerprint
DETACH DELETE c
WITH fingerprint
OPTIONAL MATCH (l:CrawlLock {fingerprint: fingerprint})
WHERE l.holder IS NULL AND NOT EXISTS { MATCH (:Crawl {fingerprint: fingerprint}) }
DELETE l
RETURN count(*) AS discarded
