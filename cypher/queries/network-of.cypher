// title: The network of an entity
// description: The networks (written by `landing-graph networks`) that hold one record, with their size, score, when
// description: and for which scopes they were computed, and every member (companies first, by name). No rows when
// description: the record is in no network, or networks were never computed: run `landing-graph networks` first.
// param: kind string required in=domain|company|email|phone  Kind of the record
// param: key string optional  Its key as stored: domain or e-mail in lower case, phone +digits, company INN (else OGRN)
// param: id integer optional min=0  Its page number, instead of the key
// param: limit integer default 10 min=1  Most networks
// one of: key, id
// columns: network, size, score, members, computedAt, scopes
MATCH (x:Landing {kind: $kind})
WHERE x.key = $key OR x.key = toLower(trim($key)) OR x.id = $id
// IN_NETWORK is derived data that a rerun replaces, never history; the filter keeps the library's one rule.
MATCH (x)-[i:IN_NETWORK]->(net:Network)
WHERE i.removedAt IS NULL
CALL (net) {
  MATCH (m:Landing)-[r:IN_NETWORK]->(net)
  WHERE r.removedAt IS NULL
  WITH m
  ORDER BY CASE m.kind WHEN 'company' THEN 0 WHEN 'domain' THEN 1 WHEN 'email' THEN 2 ELSE 3 END,
           coalesce(m.title, m.key), m.id
  RETURN collect(m.kind + ' ' + coalesce(m.key, '#' + toString(m.id))
                 + CASE WHEN m:Company AND m.title IS NOT NULL THEN ' ' + m.title ELSE '' END) AS members
}
RETURN DISTINCT net.id AS network, net.size AS size, net.score AS score, members, toString(net.computedAt) AS computedAt,
       net.scopes AS scopes
ORDER BY score DESC, size DESC, network
LIMIT $limit
