// A record written by page number whose key a key-only stub already holds (typically a company named by
// INN in another record's block while it was listed without a key) is left with keyConflict instead of
// its key by upsert-nodes-by-id. It is one entity: fold the stub into it. Only stubs whose every
// relationship is an incoming LISTS_CONTACT or NAMES_COMPANY (what upsert-key-links makes) are folded;
// those links move over (`via` merged, the earliest firstSeenAt and the latest lastSeenAt kept), the
// stub is deleted and the node takes the key. Relationship types come from this fixed table only.
// Start from the few nodes with a conflict (index landing_key_conflict), never from all stubs: the
// aggregation keeps the planner from starting at the other end; lookups name their index (see
// upsert-nodes-by-id). pivot-writer runs it only after a commit met a key conflict.
MATCH (n:Landing) USING INDEX n:Landing(keyConflict)
WHERE n.keyConflict IS NOT NULL AND n.id IS NOT NULL
WITH collect(n) AS conflicts
UNWIND conflicts AS n
MATCH (stub:Landing {kind: n.kind, key: n.keyConflict}) USING INDEX stub:Landing(kind, key)
WHERE stub.id IS NULL AND stub.status = 'stub'
  AND NOT EXISTS { MATCH (stub)-[x]-() WHERE NOT (type(x) IN ['LISTS_CONTACT', 'NAMES_COMPANY'] AND endNode(x) = stub) }
// Two nodes claiming one stub's key: the first takes it, the other keeps its keyConflict.
WITH stub, head(collect(n)) AS n
CALL (n, stub) {
  MATCH (a)-[old:LISTS_CONTACT|NAMES_COMPANY]->(stub)
  MERGE (a)-[r:$(CASE type(old) WHEN 'LISTS_CONTACT' THEN 'LISTS_CONTACT' WHEN 'NAMES_COMPANY' THEN 'NAMES_COMPANY' END)]->(n)
  SET r.firstSeenAt = CASE WHEN r.firstSeenAt IS NULL OR old.firstSeenAt < r.firstSeenAt THEN old.firstSeenAt ELSE r.firstSeenAt END,
      r.lastSeenAt = CASE WHEN r.lastSeenAt IS NULL OR old.lastSeenAt > r.lastSeenAt THEN old.lastSeenAt ELSE r.lastSeenAt END,
      r.via = COLLECT { UNWIND coalesce(r.via, []) + coalesce(old.via, []) AS v RETURN DISTINCT v ORDER BY v }
  DELETE old
}
WITH n, stub, stub.key AS key, stub.firstSeenAt AS stubFirstSeenAt
DETACH DELETE stub
SET n.key = key, n.keyConflict = null,
    n.firstSeenAt = CASE WHEN stubFirstSeenAt < n.firstSeenAt THEN stubFirstSeenAt ELSE n.firstSeenAt END
RETURN count(n) AS adopted
