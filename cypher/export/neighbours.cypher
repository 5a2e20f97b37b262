// Export: one level of the walk. The Landing and Pivot nodes one relationship (of any type, either
// direction) away from the $frontier nodes and not in $seen, at most $limit of them (the budget plus one, so
// a walk that would exceed --max-nodes stops early). Crawl bookkeeping (Crawl, CrawlTask) is never reached.
MATCH (a) WHERE elementId(a) IN $frontier
MATCH (a)--(b)
WHERE (b:Landing OR b:Pivot) AND NOT elementId(b) IN $seen
RETURN DISTINCT elementId(b) AS element
LIMIT $limit
