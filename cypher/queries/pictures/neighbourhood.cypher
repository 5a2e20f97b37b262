// picture of: neighbourhood
// description: The start record, its network (the latest `networks` wrote that holds it, a large dark node) and the
// description: nearest records and pivots within the hops, each by one shortest route: the strongest kinds first
// description: (companies, people, phones, e-mails, addresses, sites, then branches and infrastructure; hubs by the
// description: hub rule of `networks` with `maxShared` last), at most 5 of a kind from each node, and no more than
// description: `links` relationships in all, counting every relationship between two nodes drawn (Browser connects
// description: the nodes it shows). Hub pivots, public infrastructure and records the crawl cut are drawn but not
// description: walked through. A larger `links`
// description: (or `limit`, the records looked at) shows more.

MATCH (start:Landing {kind: $kind})
WHERE start.key = $key OR start.key = toLower(trim($key)) OR start.id = $id
// Breadth-first, one shortest route per node reached; a node the walks stop at (walk-stop) is never the source of
// a hop. Hop counts cannot be parameters: one branch per value of $hops, and only the branch of the given value runs.
CALL (start) {
  WITH start WHERE $hops = 1
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT
    // include: walk-stop node=a
  )){1,1} (n)
  RETURN p, n
  UNION ALL
  WITH start WHERE $hops = 2
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT
    // include: walk-stop node=a
  )){1,2} (n)
  RETURN p, n
  UNION ALL
  WITH start WHERE $hops = 3
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT
    // include: walk-stop node=a
  )){1,3} (n)
  RETURN p, n
  UNION ALL
  WITH start WHERE $hops = 4
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT
    // include: walk-stop node=a
  )){1,4} (n)
  RETURN p, n
}
WITH start, p, n
WHERE n <> start
// The records looked at: the nearest `limit`, the kinds that tie companies first, hubs last: records whose lists
// the crawl cut, and records and identifiers tied to more than `maxShared` records (the hub rule of `networks`).
WITH start, p, n,
     CASE WHEN coalesce(n.fanoutCut, false)
               OR
               // include: hub-bounded shared=n holder=z link=e
               > $maxShared THEN 9
          WHEN n:Company THEN 0 WHEN n:Person THEN 1 WHEN n:Phone THEN 2 WHEN n:Email THEN 3 WHEN n:Address THEN 4
          WHEN n:Domain THEN 5 WHEN n:Branch THEN 6 ELSE 7 END AS tier
ORDER BY length(p), tier, coalesce(n.value, CASE WHEN n:Company OR n:Branch THEN n.title END, n.key, n.title, n.kind + ' #' + toString(n.id))
LIMIT $limit
WITH start, collect({n: n, p: p, tier: tier}) AS routes
// The record's network: the latest that holds it (IN_NETWORK is derived data a rerun replaces).
OPTIONAL CALL (start) {
  MATCH held = (start)-[i:IN_NETWORK]->(net:Network)
  WHERE i.removedAt IS NULL
  RETURN held, net
  ORDER BY net.computedAt DESC, net.id
  LIMIT 1
}
WITH start, held, net, routes, [r IN routes | r.n] + [start] + CASE WHEN net IS NULL THEN [] ELSE [net] END AS pool
UNWIND routes AS route
WITH start, held, net, pool, route.n AS n, route.p AS p, route.tier AS tier
// Every relationship between this node and the others looked at, one entry each: what Browser draws between the
// nodes it shows (its "Connect result nodes"), current or not.
WITH start, held, net, p, elementId(n) AS id, elementId(nodes(p)[-2]) AS parent, tier,
     COLLECT { MATCH (n)-[drawn]-(m) WHERE m IN pool AND m <> n RETURN elementId(m) } AS ties
WITH start, held, net,
     collect({id: id, parent: parent, group: elementId(nodes(p)[-2]) + ' ' + toString(tier), ties: ties, p: p}) AS candidates,
     CASE WHEN net IS NULL THEN 0 ELSE COUNT { (start)-[drawn]-(net) } END AS startLinks
// Nearest and strongest first, a node joins when the node before it on its route is drawn with fewer than 5 of
// its kind drawn from there, and the relationships it adds keep the total within `links`.
WITH held, candidates,
     reduce(s = {ids: [elementId(start)] + CASE WHEN net IS NULL THEN [] ELSE [elementId(net)] END, links: startLinks, groups: []},
            c IN candidates |
            CASE WHEN c.parent IN s.ids AND size([g IN s.groups WHERE g = c.group]) < 5
                      AND s.links + size([t IN c.ties WHERE t IN s.ids]) <= $links
                 THEN {ids: s.ids + c.id, links: s.links + size([t IN c.ties WHERE t IN s.ids]), groups: s.groups + c.group}
                 ELSE s END) AS drawn
UNWIND CASE WHEN held IS NULL THEN [] ELSE [held] END + [c IN candidates WHERE c.id IN drawn.ids | c.p] AS p
RETURN p
