// title: Graph overview
// description: What the graph holds: landing records per label with their statuses, pivots per label with how
// description: many link two or more records, crawls per status and crawl tasks per state, relationships per
// description: type with their lists (the current ones), and the history kept beside them: relationships a later
// description: fetch no longer had (removed, per type) and earlier answers of records (RecordVersion).
// columns: section, name, count, breakdown
CALL () {
  MATCH (n:Landing)
  WITH [l IN labels(n) WHERE l <> 'Landing'][0] AS name, coalesce(n.status, 'none') AS status, count(*) AS c
  ORDER BY name, c DESC, status
  RETURN 1 AS part, 'records' AS section, name, sum(c) AS count, collect(status + ' ' + toString(c)) AS breakdown
  UNION ALL
  MATCH (p:Pivot)
  WITH [l IN labels(p) WHERE l <> 'Pivot'][0] AS name, COUNT { (p)-[r]-() WHERE r.removedAt IS NULL } AS degree
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
  // The graph's relationship types (docs/graph.md): a scan by type, never the history's VERSION_OF. One scan gives
  // both the current relationships (per type and list) and the removed ones (per type).
  // types: stated
  MATCH ()-[r:RELATED|SIMILAR|COMPETITOR|LISTS_CONTACT|NAMES_COMPANY|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|REGISTERED_WITH|USES_TECHNOLOGY|HAS_OFFICER|REGISTERED_AT|HAS_PROFILE|HAS_ACTIVITY]->()
  WITH type(r) AS type, r.removedAt IS NULL AS current, CASE WHEN r.removedAt IS NULL THEN r.list END AS list, count(*) AS c
  ORDER BY CASE WHEN current THEN type END, c DESC, list, type
  WITH collect({type: type, current: current, list: list, c: c}) AS counts
  CALL (counts) {
    UNWIND [x IN counts WHERE x.current] AS x
    WITH x.type AS name, sum(x.c) AS count, collect(x.list + ' ' + toString(x.c)) AS breakdown
    RETURN 4 AS part, 'relationships' AS section, name, count, breakdown
    UNION ALL
    UNWIND [x IN counts WHERE NOT x.current] AS x
    RETURN 5 AS part, 'history' AS section, 'removed relationships' AS name, sum(x.c) AS count,
           collect(x.type + ' ' + toString(x.c)) AS breakdown
  }
  RETURN part, section, name, count, breakdown
  UNION ALL
  MATCH (v:RecordVersion)-[:VERSION_OF]->(n:Landing)
  RETURN 5 AS part, 'history' AS section, 'RecordVersion' AS name, count(v) AS count,
         ['of records ' + toString(count(DISTINCT n))] AS breakdown
}
RETURN section, name, count, breakdown
ORDER BY part, count DESC, name
