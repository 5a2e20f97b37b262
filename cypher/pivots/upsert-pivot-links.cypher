// Link records to their pivots. $rows: PivotLinkRow (src/graph/pivots/model.ts)
// with the ends as element ids, `from` (the record's Landing node) and `pivot`, both written or found earlier in
// this transaction (src/store/pivot-writer.ts); $now: ISO date-time.
// One relationship per (landing, pivot, type), for HAS_OFFICER per (landing, person, role): a role the latest
// answer no longer states is retired like any link (cypher/history/retire-unseen.cypher). `via`, `posts` and
// `main` are the latest answer's word (sorted sets from src/graph/pivots/merge.ts); older words stay in the
// record's versions (cypher/history/keep-versions.cypher).
// The relationship type comes from the fixed branches below (one MERGE per type: see upsert-edges),
// never from data; a row of another type writes nothing.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): the nodes are found by element id (a
// direct read; src/store/element-ids.ts), never by a scan, so the first commit's plan stays right.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Landing) WHERE elementId(a) = row.from
MATCH (p:Pivot) WHERE elementId(p) = row.pivot
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
  MERGE (a)-[r:HAS_OFFICER {role: row.role}]->(p)
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
    r.via = row.via,
    r.posts = CASE WHEN row.type = 'HAS_OFFICER' THEN row.posts END,
    r.main = row.main
