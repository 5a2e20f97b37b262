// title: Networks by size
// description: The networks written by `landing-graph networks`, largest first (or, as `networks` ranks them, those with
// description: a member on a watch list first, then most flagged members first): size, score, the members with a
// description: current red flag, those on a watch list (a current `listed` flag), the members linked now,
// description: the companies among them and the identifiers that tie most members (shared officers, addresses,
// description: contacts, registrants...; an identifier of more than maxShared records is a hub and ties nothing,
// description: as in `networks`). No rows until `landing-graph networks` has run.
// param: minSize integer default 2 min=1  Leave out smaller networks
// param: scope string optional  Only networks of this scope (all, crawl:<id>, seeds:<seeds>@<depth>)
// param: maxShared integer default 20 min=1  Identifiers shared by more records than this are hubs, not evidence
// param: by string default size in=size|flags  Rank by size (then score), or listed members, then members with a current red flag first
// param: limit integer default 50 min=1  Most networks
// columns: network, size, score, flagged, listed, members, companies, topEvidence, computedAt, scopes
CALL () {
  // Members with a current red flag (`landing-graph flags`): by=flags ranks the networks with a listed member (rule
  // `listed`: on a watch list, or a current officer is) first, then by flagged members, counted from the flags (a
  // few thousand) to their networks rather than from every network to its members.
  WITH $by AS by WHERE by = 'flags'
  MATCH (f:Flag)-[:FLAGS]->(m:Landing)-[r:IN_NETWORK]->(net:Network)
  WHERE f.removedAt IS NULL AND r.removedAt IS NULL
  RETURN net, count(DISTINCT m) AS rank, count(DISTINCT CASE WHEN f.rule = 'listed' THEN m END) AS listedRank
  UNION ALL
  MATCH (net:Network)
  RETURN net, 0 AS rank, 0 AS listedRank
}
WITH net, max(rank) AS rank, max(listedRank) AS listedRank
WHERE net.size >= $minSize AND ($scope IS NULL OR $scope IN net.scopes)
ORDER BY CASE WHEN listedRank > 0 THEN 1 ELSE 0 END DESC, rank DESC, net.size DESC, net.score DESC, net.id
LIMIT $limit
WITH net, COUNT {
  MATCH (m:Landing)-[r:IN_NETWORK]->(net)
  WHERE r.removedAt IS NULL AND EXISTS { MATCH (f:Flag)-[:FLAGS]->(m) WHERE f.removedAt IS NULL }
} AS flagged, COUNT {
  MATCH (m:Landing)-[r:IN_NETWORK]->(net)
  WHERE r.removedAt IS NULL AND EXISTS { MATCH (f:Flag {rule: 'listed'})-[:FLAGS]->(m) WHERE f.removedAt IS NULL }
} AS listed
CALL (net) {
  // IN_NETWORK is derived data that a rerun replaces, never history; the filter keeps the library's one rule.
  MATCH (m:Landing)-[r:IN_NETWORK]->(net)
  WHERE r.removedAt IS NULL
  RETURN collect(m) AS ms
}
CALL (ms) {
  UNWIND ms AS m
  WITH m
  WHERE m:Company
  WITH m
  ORDER BY coalesce(m.title, m.key)
  RETURN collect(coalesce(m.title, m.key, 'company #' + toString(m.id)))[..10] AS companies
}
// The evidence of cypher/network/evidence.cypher: a member's links to identifiers (itself included).
CALL (ms) {
  UNWIND ms AS m
  CALL (m) {
    // types: evidence
    MATCH (m)-[r:HAS_OFFICER|NAMES_COMPANY|LISTS_CONTACT|AT_DOMAIN|REGISTERED_AT|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER]->(i)
    WHERE r.removedAt IS NULL AND (i:Landing OR i:Pivot)
    RETURN i
    UNION
    MATCH (m:Domain)-[r:RELATED]-(i:Company)
    WHERE r.removedAt IS NULL
    RETURN i
    UNION
    RETURN m AS i
  }
  WITH i, count(DISTINCT m) AS sharing
  WHERE sharing >= 2
    AND
    // include: hub-bounded shared=i holder=x link=y
    <= $maxShared
  WITH i, sharing
  ORDER BY sharing DESC, CASE WHEN i:Person OR i:Company THEN 0 WHEN i:Address OR i:Phone OR i:Email THEN 1 ELSE 2 END,
           coalesce(i.value, i.key)
  RETURN collect(CASE WHEN i:Person THEN 'officer' ELSE i.kind END + ' '
                 + coalesce(i.value, CASE WHEN i:Company THEN i.title END, i.key, '#' + toString(i.id))
                 + ' (' + toString(sharing) + ')')[..5] AS topEvidence
}
RETURN net.id AS network, net.size AS size, net.score AS score, flagged, listed, size(ms) AS members, companies, topEvidence,
       toString(net.computedAt) AS computedAt, net.scopes AS scopes
ORDER BY CASE WHEN $by = 'flags' AND listed > 0 THEN 1 ELSE 0 END DESC, CASE WHEN $by = 'flags' THEN flagged ELSE 0 END DESC,
         size DESC, score DESC, network
