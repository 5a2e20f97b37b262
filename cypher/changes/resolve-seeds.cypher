// Change report: the seeds' nodes by the uniqueness keys (kind, id) or (kind, key). $seeds: [{ref, kind, id,
// key}] with one of id and key null, as parseSeed gives them. A seed the graph does not hold comes back with
// element null. Read only. (The report keeps its own copy of export/resolve-seeds: the two may diverge.)
UNWIND $seeds AS seed
CALL (seed) {
  OPTIONAL MATCH (n:Landing {kind: seed.kind, id: seed.id})
  RETURN n
  UNION
  OPTIONAL MATCH (n:Landing {kind: seed.kind, key: seed.key})
  RETURN n
}
WITH seed, collect(n) AS found
RETURN seed.ref AS ref, elementId(head(found)) AS element
