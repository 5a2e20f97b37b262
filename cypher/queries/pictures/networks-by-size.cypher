// picture of: networks-by-size
// description: The largest networks, each with up to 25 of its members linked to it (companies first) and the links from its members to the identifiers that tie most of them (hubs left out, as in `networks`); 300 links in all.

// The networks of the table form (same filter, order and limit); the identifiers are the table's topEvidence.
MATCH (net:Network)
WHERE net.size >= $minSize AND ($scope IS NULL OR $scope IN net.scopes)
// Members with a current red flag (`landing-graph flags`): by=flags ranks the networks by them first.
WITH net, COUNT {
  MATCH (m:Landing)-[r:IN_NETWORK]->(net)
  WHERE r.removedAt IS NULL AND EXISTS { MATCH (f:Flag)-[:FLAGS]->(m) WHERE f.removedAt IS NULL }
} AS flagged
ORDER BY CASE WHEN $by = 'flags' THEN flagged ELSE 0 END DESC, net.size DESC, net.score DESC, net.id
LIMIT $limit
CALL (net) {
  // IN_NETWORK is derived data that a rerun replaces, never history; the filter keeps the library's one rule.
  MATCH (m:Landing)-[r:IN_NETWORK]->(net)
  WHERE r.removedAt IS NULL
  RETURN collect(m) AS ms
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
  RETURN collect(i)[..5] AS top
}
// Drawn: the IN_NETWORK links of the first 25 members, then the members' evidence links to the top identifiers.
CALL (net, ms, top) {
  UNWIND ms AS m
  WITH net, m
  ORDER BY CASE m.kind WHEN 'company' THEN 0 WHEN 'domain' THEN 1 WHEN 'email' THEN 2 ELSE 3 END, coalesce(m.title, m.key), m.id
  LIMIT 25
  MATCH p = (m)-[r:IN_NETWORK]->(net)
  WHERE r.removedAt IS NULL
  RETURN p, 0 AS part
  UNION ALL
  UNWIND top AS i
  // types: evidence
  MATCH p = (m:Landing)-[r:HAS_OFFICER|NAMES_COMPANY|LISTS_CONTACT|AT_DOMAIN|REGISTERED_AT|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER]->(i)
  WHERE r.removedAt IS NULL AND m IN ms
  RETURN p, 1 AS part
  UNION ALL
  UNWIND top AS i
  MATCH p = (m:Domain)-[r:RELATED]-(i:Company)
  WHERE r.removedAt IS NULL AND m IN ms
  RETURN p, 1 AS part
}
RETURN p
ORDER BY net.size DESC, net.score DESC, net.id, part
LIMIT 300
