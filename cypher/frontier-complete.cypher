// Settle tasks and queue what they discovered, with the crawl's counters, in the transaction that wrote
// their records. $done: [{uid, state, error}]; $aliases: [{uid, kind, id, key, depth}] (other names of a
// fetched record, never to be asked for again); $queue: [{uid, kind, id, key, depth}];
// $counts: {requested, fetched, missing, failed, invalid}.
MATCH (c:Crawl {id: $crawlId})
SET c.requested = c.requested + $counts.requested, c.fetched = c.fetched + $counts.fetched,
    c.missing = c.missing + $counts.missing, c.failed = c.failed + $counts.failed, c.invalid = c.invalid + $counts.invalid
WITH c
CALL (c) {
  UNWIND $done AS d
  MATCH (t:CrawlTask {uid: d.uid})
  SET t.state = d.state, t.error = d.error, t.settledAt = datetime($now)
}
CALL (c) {
  UNWIND $aliases AS a
  MERGE (t:CrawlTask {uid: a.uid})
    ON CREATE SET t.crawlId = c.id, t.kind = a.kind, t.id = a.id, t.key = a.key, t.depth = a.depth
  SET t.state = 'done', t.settledAt = datetime($now)
}
CALL (c) {
  UNWIND $queue AS q
  MERGE (t:CrawlTask {uid: q.uid})
    ON CREATE SET t.crawlId = c.id, t.kind = q.kind, t.id = q.id, t.key = q.key, t.depth = q.depth, t.state = 'queued'
}
RETURN c.requested AS requested
