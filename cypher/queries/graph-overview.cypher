// title: Graph overview
// description: What the graph holds: landing records per label with their statuses, pivots per label with how
// description: many link two or more records, crawls per status and crawl tasks per state, and relationships per
// description: type with their lists.
// columns: section, name, count, breakdown
CALL () {
  MATCH (n:Landing)
  WITH [l IN labels(n) WHERE l <> 'Landing'][0] AS name, coalesce(n.status, 'none') AS status, count(*) AS c
  ORDER BY name, c DESC, status
  RETURN 1 AS part, 'records' AS section, name, sum(c) AS count, collect(status + ' ' + toString(c)) AS breakdown
  UNION ALL
  MATCH (p:Pivot)
  WITH [l IN labels(p) WHERE l <> 'Pivot'][0] AS name, COUNT { (p)--() } AS degree
  RETURN 2 AS part, 'pivots' AS section, name, count(*) AS count,
         ['linking 2+ records ' + toString(count(CASE WHEN degree >= 2 THEN 1 END))] AS breakdown
  UNION ALL
  MATCH (c:Crawl)
  WITH coalesce(c.status, 'none') AS status, count(*) AS c
  ORDER BY c DESC, status
  RETURN 3 AS part, 'crawls' AS section, 'Crawl' AS name, sum(c) AS count, collect(status + ' ' + toString(c)) AS breakdown
  UNION ALL
  MATCH (t:CrawlTask)
  WITH coalesce(t.state, 'none') AS state, count(*) AS c
  ORDER BY c DESC, state
  RETURN 3 AS part, 'crawls' AS section, 'CrawlTask' AS name, sum(c) AS count, collect(state + ' ' + toString(c)) AS breakdown
  UNION ALL
  MATCH ()-[r]->()
  WITH type(r) AS name, r.list AS list, count(*) AS c
  ORDER BY name, c DESC, list
  RETURN 4 AS part, 'relationships' AS section, name, sum(c) AS count, collect(list + ' ' + toString(c)) AS breakdown
}
RETURN section, name, count, breakdown
ORDER BY part, count DESC, name
