// Networks scope: the seeds' nodes by (kind, id) or (kind, key). $seeds: [{ref, kind, id, key}] with one of id
// and key null, as parseSeed gives them; a seed the graph does not hold comes back with element null. Read only.
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
