// Export: one level of the walk. The Landing and Pivot nodes one relationship (of any type, either
// direction) away from the $frontier nodes and not in $seen, at most $limit of them (the budget plus one, so
// a walk that would exceed --max-nodes stops early). Crawl bookkeeping (Crawl, CrawlTask, CrawlLock) and the
// history's RecordVersion nodes are never reached. $asOf null: the current state, relationships without
// `removedAt`; else an ISO date-time: the relationships that existed then (README "History"), to nodes first
// seen by then.
MATCH (a) WHERE elementId(a) IN $frontier
MATCH (a)-[r]-(b)
WHERE (b:Landing OR b:Pivot) AND NOT elementId(b) IN $seen
  AND CASE WHEN $asOf IS NULL THEN r.removedAt IS NULL
           ELSE r.firstSeenAt <= datetime($asOf) AND b.firstSeenAt <= datetime($asOf)
                AND size([x IN coalesce(r.removals, []) WHERE x <= datetime($asOf)])
                    = size([x IN coalesce(r.returns, []) WHERE x <= datetime($asOf)]) END
RETURN DISTINCT elementId(b) AS element
LIMIT $limit
