// Case file: the networks `networks` wrote over the whole graph or a crawl (scopes 'all', 'crawl:<id>') that hold
// the seeds, newest first. $seeds: [{ref, kind, id, key}], a seed by page number (id) or key (the other null).
// Networks computed only over `<seeds> --depth N` are not these: a network is what the whole graph (or a crawl)
// shows, and a narrower scope only narrows what is listed. Each comes with when and over which scopes it was
// computed and every member's kind, id, key and element id. Read only.
UNWIND $seeds AS seed
CALL (seed) {
  MATCH (x:Landing {kind: seed.kind, id: seed.id})
  RETURN x
  UNION
  MATCH (x:Landing {kind: seed.kind, key: seed.key})
  RETURN x
}
MATCH (x)-[i:IN_NETWORK]->(net:Network)
WHERE i.removedAt IS NULL AND any(s IN net.scopes WHERE s = 'all' OR s STARTS WITH 'crawl:')
WITH net, collect(DISTINCT seed.ref) AS seeds
CALL (net) {
  MATCH (m:Landing)-[r:IN_NETWORK]->(net)
  WHERE r.removedAt IS NULL
  RETURN collect({kind: m.kind, id: m.id, key: m.key, elementId: elementId(m)}) AS members
}
RETURN net.id AS id, net.size AS size, net.score AS score, toString(net.computedAt) AS computedAt,
       [s IN net.scopes WHERE s = 'all' OR s STARTS WITH 'crawl:'] AS scopes, seeds, members
ORDER BY net.computedAt DESC, net.id
