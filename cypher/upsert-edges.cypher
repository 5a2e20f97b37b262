// One edge per list entry. $rows: EdgeRow (src/graph/model.ts); $now: ISO date-time. Both ends exist:
// the same transaction upserted them. Lookups name their index (see upsert-nodes-by-id). The
// relationship type comes from the fixed branches below, never from data; a row of another type writes nothing.
// One MERGE per type, each naming its type: a MERGE with a dynamic type ($(…)) is planned on a graph with
// few relationships as a scan of all relationships for every row.
// Planned once and kept (README, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Landing {kind: row.fromKind, id: row.fromId}) USING INDEX SEEK a:Landing(kind, id)
MATCH (b:Landing {kind: row.toKind, id: row.toId}) USING INDEX SEEK b:Landing(kind, id)
CALL (a, b, row) {
  WITH * WHERE row.type = 'RELATED'
  MERGE (a)-[r:RELATED {list: row.list}]->(b)
    ON CREATE SET r.firstSeenAt = datetime($now)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'SIMILAR'
  MERGE (a)-[r:SIMILAR {list: row.list}]->(b)
    ON CREATE SET r.firstSeenAt = datetime($now)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'COMPETITOR'
  MERGE (a)-[r:COMPETITOR {list: row.list}]->(b)
    ON CREATE SET r.firstSeenAt = datetime($now)
  RETURN r
}
// An entry that had disappeared is back (see cypher/history/retire-unseen.cypher).
SET r.returns = CASE WHEN r.removedAt IS NULL THEN r.returns ELSE coalesce(r.returns, []) + datetime($now) END
SET r.removedAt = null, r.lastSeenAt = datetime($now)
