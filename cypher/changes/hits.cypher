// Change report: the watch-list hits (`screen`: LISTED_AS from a company or person to a :ListEntry) whose state may
// differ between $since and $until (ISO date-times): first seen, retired (a removal) or found again (a return) in
// the window ($since, $until]. Plain rows for src/changes/hits.ts, which judges each hit at both ends as a
// relationship of the history (firstSeenAt, removals, returns). $scope: element ids of the records the report is
// limited to (the walk from the seeds), or null for the whole graph: a company's hit belongs to the scope when the
// company does, a person's when a company of the scope names the person an officer (now or before). Times are epoch
// milliseconds. Rows come by list, record key and list entity.
MATCH (r)-[l:LISTED_AS]->(e:ListEntry)
WHERE (l.firstSeenAt > datetime($since) AND l.firstSeenAt <= datetime($until))
   OR any(x IN coalesce(l.removals, []) + coalesce(l.returns, []) WHERE x > datetime($since) AND x <= datetime($until))
WITH r, l, e
WHERE $scope IS NULL OR elementId(r) IN $scope
   OR (r:Person AND EXISTS { MATCH (c:Company)-[:HAS_OFFICER]->(r) WHERE elementId(c) IN $scope })
RETURN CASE WHEN r:Person THEN 'person' ELSE 'company' END AS kind, CASE WHEN r:Person THEN null ELSE r.id END AS id,
       r.key AS key, coalesce(r.title, r.name) AS name,
       e.list AS list, e.entityId AS entityId, e.schema AS schema, e.caption AS caption, e.topics AS topics,
       e.datasets AS datasets, e.file AS file, e.listDate.epochMillis AS listDate,
       l.how AS how, l.property AS property, l.value AS value, l.score AS score,
       l.firstSeenAt.epochMillis AS firstSeenAt,
       [x IN coalesce(l.removals, []) | x.epochMillis] AS removals,
       [x IN coalesce(l.returns, []) | x.epochMillis] AS returns
ORDER BY list, key, entityId
