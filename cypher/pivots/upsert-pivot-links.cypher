// Link records to their pivots. $rows: PivotLinkRow (src/graph/pivots/model.ts); $now: ISO date-time.
// Both ends exist: the same transaction wrote the record's Landing node and the pivots.
// One relationship per (landing, pivot, type); `via`, `roles` and `posts` grow as sorted sets, `main`
// is the latest record's word.
// The relationship type comes from the fixed branches below (one MERGE per type: see upsert-edges),
// never from data; a row of another type writes nothing. Lookups name their index (see upsert-nodes-by-id).
// Planned once and kept (README, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Landing {kind: row.fromKind, id: row.fromId}) USING INDEX SEEK a:Landing(kind, id)
MATCH (p:Pivot {kind: row.pivotKind, key: row.pivotKey}) USING INDEX SEEK p:Pivot(kind, key)
CALL (a, p, row) {
  WITH * WHERE row.type = 'RESOLVES_TO'
  MERGE (a)-[r:RESOLVES_TO]->(p)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'USES_NAME_SERVER'
  MERGE (a)-[r:USES_NAME_SERVER]->(p)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'USES_MAIL_SERVER'
  MERGE (a)-[r:USES_MAIL_SERVER]->(p)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'REGISTERED_WITH'
  MERGE (a)-[r:REGISTERED_WITH]->(p)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'USES_TECHNOLOGY'
  MERGE (a)-[r:USES_TECHNOLOGY]->(p)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'HAS_OFFICER'
  MERGE (a)-[r:HAS_OFFICER]->(p)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'REGISTERED_AT'
  MERGE (a)-[r:REGISTERED_AT]->(p)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'HAS_PROFILE'
  MERGE (a)-[r:HAS_PROFILE]->(p)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'HAS_ACTIVITY'
  MERGE (a)-[r:HAS_ACTIVITY]->(p)
  RETURN r
}
// A link that had disappeared is back (see cypher/history/retire-unseen.cypher).
SET r.returns = CASE WHEN r.removedAt IS NULL THEN r.returns ELSE coalesce(r.returns, []) + datetime($now) END
SET r.firstSeenAt = coalesce(r.firstSeenAt, datetime($now)), r.lastSeenAt = datetime($now), r.removedAt = null,
    r.via = COLLECT { UNWIND coalesce(r.via, []) + row.via AS v RETURN DISTINCT v ORDER BY v },
    r.roles = CASE WHEN row.type = 'HAS_OFFICER'
                   THEN COLLECT { UNWIND coalesce(r.roles, []) + row.roles AS v RETURN DISTINCT v ORDER BY v } END,
    r.posts = CASE WHEN row.type = 'HAS_OFFICER'
                   THEN COLLECT { UNWIND coalesce(r.posts, []) + row.posts AS v RETURN DISTINCT v ORDER BY v } END,
    r.main = coalesce(row.main, r.main)
