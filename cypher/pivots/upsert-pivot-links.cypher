// Link records to their pivots. $rows: PivotLinkRow (src/graph/pivots/model.ts); $now: ISO date-time.
// Both ends exist: the same transaction wrote the record's Landing node and the pivots.
// One relationship per (landing, pivot, type); `via`, `roles` and `posts` grow as sorted sets, `main`
// is the latest record's word. Relationship types come from this fixed table only.
UNWIND $rows AS row
MATCH (a:Landing {kind: row.fromKind, id: row.fromId})
MATCH (p:Pivot {kind: row.pivotKind, key: row.pivotKey})
CALL (a, p, row) {
  WITH * WHERE row.type = 'RESOLVES_TO' MERGE (a)-[r:RESOLVES_TO]->(p) RETURN r
  UNION ALL
  WITH * WHERE row.type = 'USES_NAME_SERVER' MERGE (a)-[r:USES_NAME_SERVER]->(p) RETURN r
  UNION ALL
  WITH * WHERE row.type = 'USES_MAIL_SERVER' MERGE (a)-[r:USES_MAIL_SERVER]->(p) RETURN r
  UNION ALL
  WITH * WHERE row.type = 'REGISTERED_WITH' MERGE (a)-[r:REGISTERED_WITH]->(p) RETURN r
  UNION ALL
  WITH * WHERE row.type = 'USES_TECHNOLOGY' MERGE (a)-[r:USES_TECHNOLOGY]->(p) RETURN r
  UNION ALL
  WITH * WHERE row.type = 'HAS_OFFICER' MERGE (a)-[r:HAS_OFFICER]->(p) RETURN r
  UNION ALL
  WITH * WHERE row.type = 'REGISTERED_AT' MERGE (a)-[r:REGISTERED_AT]->(p) RETURN r
  UNION ALL
  WITH * WHERE row.type = 'HAS_PROFILE' MERGE (a)-[r:HAS_PROFILE]->(p) RETURN r
  UNION ALL
  WITH * WHERE row.type = 'HAS_ACTIVITY' MERGE (a)-[r:HAS_ACTIVITY]->(p) RETURN r
}
SET r.firstSeenAt = coalesce(r.firstSeenAt, datetime($now)), r.lastSeenAt = datetime($now),
    r.via = COLLECT { UNWIND coalesce(r.via, []) + row.via AS v RETURN DISTINCT v ORDER BY v }
FOREACH (_ IN CASE WHEN row.type = 'HAS_OFFICER' THEN [1] ELSE [] END |
  SET r.roles = COLLECT { UNWIND coalesce(r.roles, []) + row.roles AS v RETURN DISTINCT v ORDER BY v },
      r.posts = COLLECT { UNWIND coalesce(r.posts, []) + row.posts AS v RETURN DISTINCT v ORDER BY v })
FOREACH (_ IN CASE WHEN row.main IS NOT NULL THEN [1] ELSE [] END | SET r.main = row.main)
