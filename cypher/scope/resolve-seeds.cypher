// Scope (src/store/scope.ts): the seeds' nodes by the uniqueness keys (kind, id) or (kind, key). $seeds: [{ref,
// kind, id, key}] with one of id and key null, as parseSeed gives them. A seed the graph does not hold (with
// $asOf, an ISO date-time: did not hold then, first seen later) comes back with element null. Read only.
UNWIND $seeds AS seed
CALL (seed) {
  OPTIONAL MATCH (n:Landing {kind: seed.kind, id: seed.id})
  RETURN n
  UNION
  OPTIONAL MATCH (n:Landing {kind: seed.kind, key: seed.key})
  RETURN n
}
WITH seed, [n IN collect(n) WHERE $asOf IS NULL OR n.firstSeenAt <= datetime($asOf)] AS found
RETURN seed.ref AS ref, elementId(head(found)) AS element
