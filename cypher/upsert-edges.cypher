// One edge per list entry. $rows: [{type, list, from, to}], the ends as element ids of Landing nodes
// this transaction wrote or found (src/store/graph-writer.ts); $now: ISO date-time. The
// relationship type comes from the fixed branches below, never from data; a row of another type writes nothing.
// One MERGE per type, each naming its type: a MERGE with a dynamic type ($(…)) is planned on a graph with
// few relationships as a scan of all relationships for every row.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): the nodes are found by element id (a
// direct read; src/store/element-ids.ts), never by a scan, so the first commit's plan stays right.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Landing) WHERE elementId(a) = row.from
MATCH (b:Landing) WHERE elementId(b) = row.to
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
