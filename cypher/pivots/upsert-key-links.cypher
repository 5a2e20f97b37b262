// Link records to the Landing entities their blocks name. $rows: KeyLinkRow (src/graph/pivots/model.ts),
// the record as `from`, the element id of its Landing node (src/store/pivot-writer.ts); $now: ISO date-time. The target is whichever Landing node holds (kind, key): a node known by page
// number, or the key-only stub the same transaction wrote first. One relationship per
// (landing, target, type), for HAS_OFFICER (a company as officer of the record's company) per role, as on
// Person links; `via` and `posts` are the latest answer's word; AT_DOMAIN: an e-mail record to its domain.
// The relationship type comes from the fixed branches below (one MERGE per type: see upsert-edges),
// never from data; a row of another type writes nothing. The target's lookup names its index (see upsert-nodes-by-id).
// Planned once and kept (docs/design.md, "Plans of the commit statements"): the record is found by element id, the
// target by an index seek by hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Landing) WHERE elementId(a) = row.from
MATCH (b:Landing {kind: row.toKind, key: row.toKey}) USING INDEX SEEK b:Landing(kind, key)
CALL (a, b, row) {
  WITH * WHERE row.type = 'LISTS_CONTACT'
  MERGE (a)-[r:LISTS_CONTACT]->(b)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'NAMES_COMPANY'
  MERGE (a)-[r:NAMES_COMPANY]->(b)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'HAS_OFFICER'
  MERGE (a)-[r:HAS_OFFICER {role: row.role}]->(b)
  RETURN r
  UNION ALL
  WITH * WHERE row.type = 'AT_DOMAIN'
  MERGE (a)-[r:AT_DOMAIN]->(b)
  RETURN r
}
// A link that had disappeared is back (see cypher/history/retire-unseen.cypher).
SET r.returns = CASE WHEN r.removedAt IS NULL THEN r.returns ELSE coalesce(r.returns, []) + datetime($now) END
SET r.firstSeenAt = coalesce(r.firstSeenAt, datetime($now)), r.lastSeenAt = datetime($now), r.removedAt = null,
    r.via = row.via,
    r.posts = CASE WHEN row.type = 'HAS_OFFICER' THEN row.posts END
