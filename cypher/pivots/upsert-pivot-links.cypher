// Link records to their pivots. $rows: PivotLinkRow (src/graph/pivots/model.ts); $now: ISO date-time.
// Both ends exist: the same transaction wrote the record's Landing node and the pivots.
// One relationship per (landing, pivot, type); `via`, `roles` and `posts` grow as sorted sets, `main`
// is the latest record's word.
// The relationship type comes from the fixed table below, never from data; an unknown type fails the
// statement. Lookups name their index (see upsert-nodes-by-id).
UNWIND $rows AS row
MATCH (a:Landing {kind: row.fromKind, id: row.fromId}) USING INDEX a:Landing(kind, id)
MATCH (p:Pivot {kind: row.pivotKind, key: row.pivotKey}) USING INDEX p:Pivot(kind, key)
MERGE (a)-[r:$(CASE row.type WHEN 'RESOLVES_TO' THEN 'RESOLVES_TO' WHEN 'USES_NAME_SERVER' THEN 'USES_NAME_SERVER'
                             WHEN 'USES_MAIL_SERVER' THEN 'USES_MAIL_SERVER' WHEN 'REGISTERED_WITH' THEN 'REGISTERED_WITH'
                             WHEN 'USES_TECHNOLOGY' THEN 'USES_TECHNOLOGY' WHEN 'HAS_OFFICER' THEN 'HAS_OFFICER'
                             WHEN 'REGISTERED_AT' THEN 'REGISTERED_AT' WHEN 'HAS_PROFILE' THEN 'HAS_PROFILE'
                             WHEN 'HAS_ACTIVITY' THEN 'HAS_ACTIVITY' END)]->(p)
// A link that had disappeared is back (see cypher/history/retire-unseen.cypher).
SET r.returns = CASE WHEN r.removedAt IS NULL THEN r.returns ELSE coalesce(r.returns, []) + datetime($now) END
SET r.firstSeenAt = coalesce(r.firstSeenAt, datetime($now)), r.lastSeenAt = datetime($now), r.removedAt = null,
    r.via = COLLECT { UNWIND coalesce(r.via, []) + row.via AS v RETURN DISTINCT v ORDER BY v },
    r.roles = CASE WHEN row.type = 'HAS_OFFICER'
                   THEN COLLECT { UNWIND coalesce(r.roles, []) + row.roles AS v RETURN DISTINCT v ORDER BY v } END,
    r.posts = CASE WHEN row.type = 'HAS_OFFICER'
                   THEN COLLECT { UNWIND coalesce(r.posts, []) + row.posts AS v RETURN DISTINCT v ORDER BY v } END,
    r.main = coalesce(row.main, r.main)
