// Export provenance: the crawls that fetched the answers the exported records hold. $refs: [{ref: 'kind#id',
// fetchedAt: ISO date-time}] of the exported records that hold an answer; $asOf: an ISO date-time or null (only
// crawls started by then). A crawl produced a record when its task for it is done and the record's answer was
// fetched while the crawl ran (a task that expanded a stored answer produced nothing). Each task is found by its
// uid (`<crawl id>|<ref>`, unique), so the cost is crawls x records index seeks. Read only.
MATCH (c:Crawl)
WHERE $asOf IS NULL OR c.startedAt <= datetime($asOf)
CALL (c) {
  UNWIND $refs AS r
  MATCH (t:CrawlTask {uid: c.id + '|' + r.ref})
  WHERE t.state = 'done' AND datetime(r.fetchedAt) >= c.startedAt
    AND (c.finishedAt IS NULL OR datetime(r.fetchedAt) <= c.finishedAt)
  RETURN count(t) AS records
}
WITH c, records
WHERE records > 0
RETURN c.id AS id, c.seeds AS seeds, c.maxDepth AS maxDepth, c.status AS status, c.startedAt AS startedAt,
       c.finishedAt AS finishedAt, c.baseUrl AS baseUrl, records
ORDER BY c.startedAt DESC
