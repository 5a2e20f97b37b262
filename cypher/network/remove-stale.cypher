// Networks: the networks of scope $scope that this run did not find ($ids) are derived data, not history: the
// scope leaves their `scopes`, and a network left with none is deleted with its IN_NETWORK links.
MATCH (net:Network)
WHERE $scope IN net.scopes AND NOT net.id IN $ids
SET net.scopes = [s IN net.scopes WHERE s <> $scope]
WITH net
WHERE size(net.scopes) = 0
DETACH DELETE net
RETURN count(*) AS removed
