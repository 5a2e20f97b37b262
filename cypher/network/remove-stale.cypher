// Networks: the networks of scope $scope that this run did not find ($ids) are derived data, not history: the
// scope leaves their `scopes`, and a network left with none is deleted with its IN_NETWORK links. At most $limit
// networks a call: `taken` is how many it took, so the caller calls again while it took $limit.
MATCH (net:Network)
WHERE $scope IN net.scopes AND NOT net.id IN $ids
WITH net
LIMIT $limit
SET net.scopes = [s IN net.scopes WHERE s <> $scope]
WITH net, size(net.scopes) = 0 AS gone
CALL (net, gone) {
  WITH net WHERE gone
  DETACH DELETE net
}
RETURN count(net) AS taken, count(CASE WHEN gone THEN 1 END) AS removed
