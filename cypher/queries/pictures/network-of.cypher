// picture of: network-of
// description: Each network that holds the record, with its members linked to it, (member)-[:IN_NETWORK]->(Network): the
// description: record first, then companies, phones, e-mails, sites, at most 4 of each kind; a member joins while the relationships drawn stay
// description: within 60, counting every one between two nodes drawn (Browser connects the nodes it shows). The table
// description: lists every member.

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
           CASE m.kind WHEN 'company' THEN 0 WHEN 'phone' THEN 1 WHEN 'email' THEN 2 ELSE 3 END,
           coalesce(m.title, m.key), m.id
  LIMIT 50
}
WITH net, collect({p: p, m: m}) AS members
ORDER BY net.score DESC, net.size DESC, net.id
WITH collect(net) AS nets, reduce(all = [], list IN collect(members) | all + list) AS members
WITH nets, members, nets + [x IN members | x.m] AS pool
UNWIND members AS member
WITH nets, pool, member, member.m AS m
// Every relationship between this member and the other nodes looked at, one entry each: what Browser draws between
// the nodes it shows (its "Connect result nodes"), current or not.
WITH nets, member.p AS p, elementId(m) AS id, m.kind AS kind, COLLECT { MATCH (m)-[drawn]-(o) WHERE o IN pool AND o <> m RETURN elementId(o) } AS ties
WITH nets, collect({id: id, kind: kind, ties: ties, p: p}) AS candidates
WITH candidates,
     reduce(s = {ids: [net IN nets | elementId(net)], links: 0, kinds: []}, c IN candidates |
            CASE WHEN size([k IN s.kinds WHERE k = c.kind]) < 4 AND s.links + size([t IN c.ties WHERE t IN s.ids]) <= 60
                 THEN {ids: s.ids + c.id, links: s.links + size([t IN c.ties WHERE t IN s.ids]), kinds: s.kinds + c.kind}
                 ELSE s END) AS drawn
UNWIND [c IN candidates WHERE c.id IN drawn.ids | c.p] AS p
RETURN p
