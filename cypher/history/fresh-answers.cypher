// Which tasks' records the graph holds as a valid answer fetched at or after $notBefore (by any crawl):
// they are expanded from the stored answer instead of being requested again (--max-age).
// $tasks: [{uid, kind, id, key}] (id or key null); $notBefore: ISO date-time. Returns their uids.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
UNWIND $tasks AS t
OPTIONAL MATCH (byId:Landing {kind: t.kind, id: t.id}) USING INDEX SEEK byId:Landing(kind, id)
OPTIONAL MATCH (byKey:Landing {kind: t.kind, key: t.key}) USING INDEX SEEK byKey:Landing(kind, key)
WITH t, coalesce(byId, byKey) AS n
WHERE n.status = 'fetched' AND n.schemaError IS NULL AND n.raw IS NOT NULL AND n.fetchedAt >= datetime($notBefore)
RETURN t.uid AS uid
