// Link records to the Landing entities their blocks name. $rows: KeyLinkRow (src/graph/pivots/model.ts);
// $now: ISO date-time. The target is whichever Landing node holds (kind, key): a node known by page
// number, or the key-only stub the same transaction wrote first. One relationship per
// (landing, target, type); `via` grows as a sorted set. Relationship types come from this fixed table only.
UNWIND $rows AS row
MATCH (a:Landing {kind: row.fromKind, id: row.fromId})
MATCH (b:Landing {kind: row.toKind, key: row.toKey})
CALL (a, b, row) {
  WITH * WHERE row.type = 'LISTS_CONTACT' MERGE (a)-[r:LISTS_CONTACT]->(b) RETURN r
  UNION ALL
  WITH * WHERE row.type = 'NAMES_COMPANY' MERGE (a)-[r:NAMES_COMPANY]->(b) RETURN r
}
SET r.firstSeenAt = coalesce(r.firstSeenAt, datetime($now)), r.lastSeenAt = datetime($now),
    r.via = COLLECT { UNWIND coalesce(r.via, []) + row.via AS v RETURN DISTINCT v ORDER BY v }
