// A record written by page number whose key a key-only stub already holds (typically a company named by
// INN in another record's block while it was listed without a key) is left with keyConflict instead of
// its key by upsert-nodes-by-id. It is one entity: the stub is to be folded into it, which
// pivots/fold-key-stubs does with the pairs found here (takeKey: the node takes the stub's key). Only
// stubs whose every relationship is an incoming key link (LISTS_CONTACT, NAMES_COMPANY, HAS_OFFICER,
// AT_DOMAIN: what upsert-key-links makes) are folded. Relationship types come from this fixed list only.
// Start from the few nodes with a conflict (index landing_key_conflict), never from all stubs: the
// aggregation keeps the planner from starting at the other end; lookups name their index (see
// upsert-nodes-by-id). pivot-writer runs it only after a commit met a key conflict.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
MATCH (n:Landing) USING INDEX n:Landing(keyConflict)
WHERE n.keyConflict IS NOT NULL AND n.id IS NOT NULL
WITH collect(n) AS conflicts
UNWIND conflicts AS n
MATCH (stub:Landing {kind: n.kind, key: n.keyConflict}) USING INDEX SEEK stub:Landing(kind, key)
WHERE stub.id IS NULL AND stub.status = 'stub'
  AND NOT EXISTS {
    MATCH (stub)-[x]-()
    WHERE NOT (type(x) IN ['LISTS_CONTACT', 'NAMES_COMPANY', 'HAS_OFFICER', 'AT_DOMAIN'] AND endNode(x) = stub)
  }
// Two nodes claiming one stub's key: the first takes it, the other keeps its keyConflict.
WITH stub, head(collect(n)) AS n
RETURN elementId(stub) AS stub, elementId(n) AS target, true AS takeKey
