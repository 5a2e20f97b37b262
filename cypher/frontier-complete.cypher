// Settle tasks and queue what they discovered, with the crawl's counters, in the transaction that wrote
// their records. $done: [{uid, state, error}]; $aliases: [{uid, kind, id, key, depth}] (other names of a
// fetched record, never to be asked for again); $queue: [{uid, kind, id, key, depth, rank}] (rank: see frontier-page);
// $counts: {requested, fetched, missing, failed, invalid, reused}. A queued task found again nearer the seeds
// takes the smaller depth: the next level starts while the last records of this one are still being
// written (src/crawl/crawler.ts), so a record may be queued one level too deep before its nearer
// lister commits. A done task found nearer is queued again (this happens only once a record that had
// failed is retried: what it lists was reached before by longer paths and must be expanded again).
// Lookups name their index (see upsert-nodes-by-id).
// Planned once and kept (docs/design.md, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
MATCH (c:Crawl {id: $crawlId}) USING INDEX SEEK c:Crawl(id)
SET c.requested = c.requested + $counts.requested, c.fetched = c.fetched + $counts.fetched,
    c.missing = c.missing + $counts.missing, c.failed = c.failed + $counts.failed, c.invalid = c.invalid + $counts.invalid,
    c.reused = coalesce(c.reused, 0) + $counts.reused
WITH c
CALL (c) {
  UNWIND $done AS d
  MATCH (t:CrawlTask {uid: d.uid}) USING INDEX SEEK t:CrawlTask(uid)
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
    ON CREATE SET t.crawlId = c.id, t.kind = q.kind, t.id = q.id, t.key = q.key, t.rank = q.rank, t.depth = q.depth, t.state = 'queued'
    ON MATCH SET t.state = CASE WHEN t.state = 'done' AND q.depth < t.depth THEN 'queued' ELSE t.state END,
                 t.depth = CASE WHEN t.state IN ['queued', 'done'] AND q.depth < t.depth THEN q.depth ELSE t.depth END
}
RETURN c.requested AS requested
