// Entity resolution by company numbers: an INN and an OGRN that a record states together (its own
// requisites, a founder entry, a block with one of each) are one company, whose node is keyed by the
// INN. Finds the key-only stubs keyed by such an OGRN and the node they are to be folded into
// (pivots/fold-key-stubs; takeKey false: the node keeps its INN key and notes the OGRN in mergedKeys).
// $rows: [{inn, ogrn}]: a pair stated in this commit, or {inn: null, ogrn} for an OGRN named alone in
// this commit, resolved by a node that stated it before: a fetched company (its `ogrn` property) or a
// stub that learnt it here (index company_ogrn). Candidates: the INN's node first, else by `ogrn`,
// fetched before stubs, then the lowest key: deterministic. Only stubs whose every relationship is an
// incoming key link (types from the fixed list below) are folded. Lookups name their index.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
UNWIND $rows AS row
// A stub under the INN learns the OGRN, so a later mention of the OGRN alone finds it.
CALL (row) {
  WITH row WHERE row.inn IS NOT NULL
  MATCH (c:Landing {kind: 'company', key: row.inn}) USING INDEX SEEK c:Landing(kind, key)
  WITH c, row WHERE c.status = 'stub' AND c.id IS NULL AND c.ogrn IS NULL
  SET c.ogrn = row.ogrn, c.inn = coalesce(c.inn, row.inn)
}
WITH row
MATCH (stub:Landing {kind: 'company', key: row.ogrn}) USING INDEX SEEK stub:Landing(kind, key)
WHERE stub.id IS NULL AND stub.status = 'stub'
  AND NOT EXISTS {
    MATCH (stub)-[x]-()
    WHERE NOT (type(x) IN ['LISTS_CONTACT', 'NAMES_COMPANY', 'HAS_OFFICER', 'AT_DOMAIN'] AND endNode(x) = stub)
  }
CALL (row, stub) {
  OPTIONAL MATCH (t:Landing {kind: 'company', key: row.inn}) USING INDEX SEEK t:Landing(kind, key)
  RETURN t, 0 AS rank
  UNION
  MATCH (t:Company {ogrn: row.ogrn}) USING INDEX SEEK t:Company(ogrn)
  WHERE t.kind = 'company' AND t.key IS NOT NULL AND t.key <> row.ogrn AND t <> stub
  RETURN t, 1 AS rank
}
WITH stub, t, rank WHERE t IS NOT NULL
ORDER BY rank, t.id IS NULL, t.key
WITH stub, head(collect(t)) AS t
RETURN elementId(stub) AS stub, elementId(t) AS target, false AS takeKey
