// Networks: write the networks of one scope. $networks: [{id, size, score, members: [{kind, id, key}]}];
// $scope: the scope's name (a network found in several scopes lists them all in `scopes`); $computedAt: ISO
// date-time. Each member gets one (member)-[:IN_NETWORK]->(network); links of members no longer in it go. A
// rerun on the same graph changes nothing but computedAt.
UNWIND $networks AS n
MERGE (net:Network {id: n.id})
SET net.size = n.size, net.score = toFloat(n.score), net.computedAt = datetime($computedAt),
    net.scopes = CASE WHEN $scope IN coalesce(net.scopes, []) THEN net.scopes ELSE coalesce(net.scopes, []) + $scope END
WITH net, n
CALL (net, n) {
  UNWIND n.members AS ref
  CALL (ref) {
    MATCH (m:Landing {kind: ref.kind, id: ref.id})
    RETURN m
    UNION
    MATCH (m:Landing {kind: ref.kind, key: ref.key})
    RETURN m
  }
  MERGE (m)-[:IN_NETWORK]->(net)
  RETURN collect(DISTINCT elementId(m)) AS kept
}
CALL (net, kept) {
  MATCH (x)-[r:IN_NETWORK]->(net)
  WHERE NOT elementId(x) IN kept
  DELETE r
}
RETURN count(net) AS written
