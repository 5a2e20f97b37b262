// One edge per list entry. $rows: EdgeRow (src/graph/model.ts); $now: ISO date-time. Both ends exist:
// the same transaction upserted them. Lookups name their index (see upsert-nodes-by-id). The
// relationship type comes from the fixed table below, never from data; an unknown type fails the statement.
UNWIND $rows AS row
MATCH (a:Landing {kind: row.fromKind, id: row.fromId}) USING INDEX a:Landing(kind, id)
MATCH (b:Landing {kind: row.toKind, id: row.toId}) USING INDEX b:Landing(kind, id)
MERGE (a)-[r:$(CASE row.type WHEN 'RELATED' THEN 'RELATED' WHEN 'SIMILAR' THEN 'SIMILAR'
                             WHEN 'COMPETITOR' THEN 'COMPETITOR' END) {list: row.list}]->(b)
  ON CREATE SET r.firstSeenAt = datetime($now)
// An entry that had disappeared is back (see cypher/history/retire-unseen.cypher).
SET r.returns = CASE WHEN r.removedAt IS NULL THEN r.returns ELSE coalesce(r.returns, []) + datetime($now) END
SET r.removedAt = null, r.lastSeenAt = datetime($now)
