// title: The network of an entity
// description: The network `landing-graph networks` found for one record over the whole graph or a crawl: the latest
// description: written, with its size, score, when and over which scopes it was computed, and every member (companies
// description: first, by name); the case file shows the same one. Networks computed over `<seeds> --depth N` alone are
// description: not listed (a narrower scope lists less, it never changes a network). No rows when the record is in no
// description: network, or none was computed: run `landing-graph networks` (or `networks --crawl <id>`) first.
// param: kind string required in=domain|company|email|phone  Kind of the record
// param: key string optional  Its key as stored: domain or e-mail in lower case, phone +digits, company INN (else OGRN)
// param: id integer optional min=0  Its page number, instead of the key
// param: limit integer default 1 min=1  Most networks, newest first (older runs over other scopes after the latest)
// one of: key, id
// columns: network, size, score, members, computedAt, scopes
MATCH (x:Landing {kind: $kind})
WHERE x.key = $key OR x.key = toLower(trim($key)) OR x.id = $id
// IN_NETWORK is derived data that a rerun replaces, never history; the filter keeps the library's one rule.
MATCH (x)-[i:IN_NETWORK]->(net:Network)
WHERE i.removedAt IS NULL AND any(s IN net.scopes WHERE s = 'all' OR s STARTS WITH 'crawl:')
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
ORDER BY computedAt DESC, score DESC, size DESC, network
LIMIT $limit
