// Fold key-only stubs into the nodes they turned out to be. $rows: [{stub, target, takeKey}], element ids
// found in this transaction by pivots/adopt-key-stubs or pivots/find-number-stubs. Every incoming key
// link of the stub moves to the node with all its properties; where the node already has that link
// from the same record (and for HAS_OFFICER with the same role), the two become one: the earliest firstSeenAt,
// the latest lastSeenAt, `via` and `posts` of the one seen last (both merged as sorted sets when seen together),
// `removals` and `returns` merged as sorted sets, current when either was. The stub
// is deleted; the node takes its key (takeKey) or notes it in `mergedKeys`, and keeps the stub's title (with
// its lower-case copy) while itself a stub. Relationship types come from the fixed branches below (one MERGE per type: see
// upsert-edges), never from data.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (stub:Landing) WHERE elementId(stub) = row.stub
MATCH (n:Landing) WHERE elementId(n) = row.target
CALL (n, stub) {
  MATCH (a)-[old:LISTS_CONTACT|NAMES_COMPANY|HAS_OFFICER|AT_DOMAIN]->(stub)
  CALL (a, n, old) {
    WITH * WHERE type(old) = 'LISTS_CONTACT'
    MERGE (a)-[r:LISTS_CONTACT]->(n)
      ON CREATE SET r += properties(old)
    RETURN r
    UNION ALL
    WITH * WHERE type(old) = 'NAMES_COMPANY'
    MERGE (a)-[r:NAMES_COMPANY]->(n)
      ON CREATE SET r += properties(old)
    RETURN r
    UNION ALL
    WITH * WHERE type(old) = 'HAS_OFFICER'
    MERGE (a)-[r:HAS_OFFICER {role: old.role}]->(n)
      ON CREATE SET r += properties(old)
    RETURN r
    UNION ALL
    WITH * WHERE type(old) = 'AT_DOMAIN'
    MERGE (a)-[r:AT_DOMAIN]->(n)
      ON CREATE SET r += properties(old)
    RETURN r
  }
  // Merging a copy with itself changes nothing: the same SET serves a moved link and a joined one.
  WITH a, n, old, r,
       CASE WHEN old.lastSeenAt > r.lastSeenAt THEN 'old' WHEN old.lastSeenAt < r.lastSeenAt THEN 'kept' ELSE 'both' END AS latest
  SET r.via = CASE latest WHEN 'old' THEN old.via WHEN 'kept' THEN r.via
                  ELSE COLLECT { UNWIND coalesce(r.via, []) + coalesce(old.via, []) AS v RETURN DISTINCT v ORDER BY v } END,
      r.posts = CASE WHEN r.posts IS NULL AND old.posts IS NULL THEN null
                     WHEN latest = 'old' THEN old.posts WHEN latest = 'kept' THEN r.posts
                     ELSE COLLECT { UNWIND coalesce(r.posts, []) + coalesce(old.posts, []) AS v RETURN DISTINCT v ORDER BY v } END
  SET r.firstSeenAt = CASE WHEN r.firstSeenAt IS NULL OR old.firstSeenAt < r.firstSeenAt THEN old.firstSeenAt ELSE r.firstSeenAt END,
      r.lastSeenAt = CASE WHEN r.lastSeenAt IS NULL OR old.lastSeenAt > r.lastSeenAt THEN old.lastSeenAt ELSE r.lastSeenAt END,
      r.removals = CASE WHEN r.removals IS NULL AND old.removals IS NULL THEN null
                        ELSE COLLECT { UNWIND coalesce(r.removals, []) + coalesce(old.removals, []) AS v RETURN DISTINCT v ORDER BY v } END,
      r.returns = CASE WHEN r.returns IS NULL AND old.returns IS NULL THEN null
                       ELSE COLLECT { UNWIND coalesce(r.returns, []) + coalesce(old.returns, []) AS v RETURN DISTINCT v ORDER BY v } END,
      r.removedAt = CASE WHEN r.removedAt IS NULL OR old.removedAt IS NULL THEN null
                         WHEN old.removedAt > r.removedAt THEN old.removedAt ELSE r.removedAt END
  DELETE old
}
WITH row, n, stub, stub.key AS key, stub.firstSeenAt AS first, stub.lastSeenAt AS last, stub.title AS title
DETACH DELETE stub
SET n.key = CASE WHEN row.takeKey THEN key ELSE n.key END,
    n.keyConflict = CASE WHEN row.takeKey THEN null ELSE n.keyConflict END,
    n.mergedKeys = CASE WHEN row.takeKey THEN n.mergedKeys
                        ELSE COLLECT { UNWIND coalesce(n.mergedKeys, []) + key AS k RETURN DISTINCT k ORDER BY k } END,
    n.firstSeenAt = CASE WHEN first < n.firstSeenAt THEN first ELSE n.firstSeenAt END,
    n.lastSeenAt = CASE WHEN last > n.lastSeenAt THEN last ELSE n.lastSeenAt END,
    n.title = CASE WHEN n.status = 'stub' THEN coalesce(n.title, title) ELSE n.title END,
    n.titleLower = toLower(CASE WHEN n.status = 'stub' THEN coalesce(n.title, title) ELSE n.title END)
RETURN count(n) AS folded
