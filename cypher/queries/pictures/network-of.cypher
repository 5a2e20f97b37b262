// picture of: network-of
// description: Each network that holds the record, with its members linked to it, (member)-[:IN_NETWORK]->(Network): the record first, then companies; at most 50 members per network and 300 links in all.

// The networks of the table form (same record, order and limit), each drawn as a star of its members.
MATCH (x:Landing {kind: $kind})
WHERE x.key = $key OR x.key = toLower(trim($key)) OR x.id = $id
// IN_NETWORK is derived data that a rerun replaces, never history; the filter keeps the library's one rule.
MATCH (x)-[i:IN_NETWORK]->(net:Network)
WHERE i.removedAt IS NULL AND any(s IN net.scopes WHERE s = 'all' OR s STARTS WITH 'crawl:')
WITH net, collect(x) AS records
ORDER BY net.computedAt DESC, net.score DESC, net.size DESC, net.id
LIMIT $limit
CALL (net, records) {
  MATCH p = (m:Landing)-[r:IN_NETWORK]->(net)
  WHERE r.removedAt IS NULL
  RETURN p, m
  ORDER BY CASE WHEN m IN records THEN 0 ELSE 1 END,
           CASE m.kind WHEN 'company' THEN 0 WHEN 'domain' THEN 1 WHEN 'email' THEN 2 ELSE 3 END,
           coalesce(m.title, m.key), m.id
  LIMIT 50
}
RETURN p
ORDER BY net.score DESC, net.size DESC, net.id
LIMIT 300
