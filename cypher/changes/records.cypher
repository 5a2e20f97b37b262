// Change report: the records something happened to in the window ($since, $until] (ISO date-times), as
// plain rows for src/changes/report.ts: first fetched, gone, back or changed in the window, or with a
// version superseded in it (each found through its index). $scope: element ids the report is limited to
// (the walk from the seeds), or null for the whole graph. $fields: the compared property names (header
// and analyst properties), returned as lists in that order: `current` holds them as the node does now, but for a
// record first fetched after $since that was never gone (a new record, whose fields the report does not compare)
// only its title: a graph's first report is every record new, and reading every field of each was a quarter of it.
// Per record: its versions superseded after $since (the first one after a moment holds the state at that
// moment) and its outgoing relationships written by fetches, with their history (firstSeenAt, removals,
// returns). Only relationships whose existence may differ between $since and $until are returned: all of
// them when the record was first fetched, gone or back after $since, else those seen first, removed or
// back after $since. Times are epoch milliseconds. Relationship types come from the fixed list below.
// Rows come in the report's order (kind, then page number, no number last) so that a reader can write each as it
// comes; the candidates are sorted before their versions and links are collected, which the last ORDER BY keeps.
CALL () {
  MATCH (n:Landing) WHERE n.firstFetchedAt > datetime($since) AND n.firstFetchedAt <= datetime($until) RETURN n
  UNION
  MATCH (n:Landing) WHERE n.goneAt > datetime($since) AND n.goneAt <= datetime($until) RETURN n
  UNION
  MATCH (n:Landing) WHERE n.backAt > datetime($since) AND n.backAt <= datetime($until) RETURN n
  UNION
  MATCH (n:Landing) WHERE n.changedAt > datetime($since) AND n.changedAt <= datetime($until) RETURN n
  UNION
  MATCH (v:RecordVersion) WHERE v.supersededAt > datetime($since) AND v.supersededAt <= datetime($until)
  MATCH (v)-[:VERSION_OF]->(n:Landing)
  RETURN n
}
WITH DISTINCT n
WHERE $scope IS NULL OR elementId(n) IN $scope
ORDER BY n.kind, n.id
WITH n, coalesce(n.firstFetchedAt, n.fetchedAt) AS firstFetched,
     coalesce(coalesce(n.firstFetchedAt, n.fetchedAt) > datetime($since), false)
       OR coalesce(n.goneAt > datetime($since), false) OR coalesce(n.backAt > datetime($since), false) AS whole,
     n.goneAt IS NULL AND n.backAt IS NULL AND coalesce(n.firstFetchedAt > datetime($since), false) AS newOnly
// Each record's versions and links are read in a subquery of their own: the sort above keeps every row it passes
// on until the statement ends, and lists written into those rows (a first report lists every link of the graph)
// held them all in the server's heap at once. A version or a link is a list, not a map: a first report holds every
// link of the graph, and a map sends its eleven key names with each (src/changes/read.ts reads them by position):
// a version [supersededAt, values], a link [type, list, role, landing, kind, id, key, title, firstSeenAt, removals,
// returns].
CALL (n, whole) {
  RETURN COLLECT {
           // From the record to its own versions, never through the index of every version: the test reads the
           // epoch so that the planner cannot seek that index, once per record, for all the versions of the window
           // (a refresh that changed many records made the report quadratic).
           MATCH (v:RecordVersion)-[:VERSION_OF]->(n)
           WHERE v.supersededAt.epochMillis > datetime($since).epochMillis
           RETURN [v.supersededAt.epochMillis, [f IN $fields | v[f]]]
         } AS versions,
         COLLECT {
           // types: stated
           MATCH (n)-[r:RELATED|SIMILAR|COMPETITOR|LISTS_CONTACT|NAMES_COMPANY|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|REGISTERED_WITH|USES_TECHNOLOGY|HAS_OFFICER|REGISTERED_AT|HAS_PROFILE|HAS_ACTIVITY]->(m)
           WHERE whole OR r.firstSeenAt > datetime($since)
              OR any(x IN coalesce(r.removals, []) + coalesce(r.returns, []) WHERE x > datetime($since))
           RETURN [type(r), r.list, r.role, m:Landing, m.kind, m.id, m.key, CASE WHEN m:Landing THEN m.title ELSE m.value END,
                   r.firstSeenAt.epochMillis, [x IN coalesce(r.removals, []) | x.epochMillis],
                   [x IN coalesce(r.returns, []) | x.epochMillis]]
         } AS links
}
RETURN n.kind AS kind, n.id AS id, n.key AS key, n.status AS status,
       firstFetched.epochMillis AS firstFetchedAt, n.goneAt.epochMillis AS goneAt, n.backAt.epochMillis AS backAt,
       CASE WHEN newOnly THEN [f IN $fields | CASE WHEN f = 'title' THEN n.title END] ELSE [f IN $fields | n[f]] END AS current, versions, links
ORDER BY kind, id
