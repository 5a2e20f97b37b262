// One edge per list entry. $rows: EdgeRow (src/graph/model.ts); $now: ISO date-time. Both ends exist:
// the same transaction upserted them. Relationship types come from this fixed list only.
UNWIND $rows AS row
MATCH (a:Landing {kind: row.fromKind, id: row.fromId})
MATCH (b:Landing {kind: row.toKind, id: row.toId})
FOREACH (_ IN CASE WHEN row.type = 'RELATED' THEN [1] ELSE [] END |
  MERGE (a)-[r:RELATED {list: row.list}]->(b)
    ON CREATE SET r.firstSeenAt = datetime($now)
  SET r.lastSeenAt = datetime($now))
FOREACH (_ IN CASE WHEN row.type = 'SIMILAR' THEN [1] ELSE [] END |
  MERGE (a)-[r:SIMILAR {list: row.list}]->(b)
    ON CREATE SET r.firstSeenAt = datetime($now)
  SET r.lastSeenAt = datetime($now))
FOREACH (_ IN CASE WHEN row.type = 'COMPETITOR' THEN [1] ELSE [] END |
  MERGE (a)-[r:COMPETITOR {list: row.list}]->(b)
    ON CREATE SET r.firstSeenAt = datetime($now)
  SET r.lastSeenAt = datetime($now))
