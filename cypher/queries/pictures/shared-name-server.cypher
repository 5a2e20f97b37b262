// picture of: shared-name-server
// description: Each shared name server with the domains that use it, (domain)-[:USES_NAME_SERVER]->(NameServer), most shared first; at most 25 domains per name server and 300 links in all.

// The name servers of the table form (same filter, same maxShared rule, same order and limit), each drawn as a star.
MATCH (ns:Pivot:NameServer)<-[r:USES_NAME_SERVER]-(e:Landing)
WHERE r.removedAt IS NULL
  AND ($nameServer IS NULL OR ns.key = toLower(trim($nameServer)) OR ns.key + '.' = toLower(trim($nameServer)) OR ns.value = trim($nameServer))
WITH ns, e
ORDER BY e.key
WITH ns, collect(DISTINCT coalesce(e.key, e.title, e.kind + ' #' + toString(e.id))) AS entities, collect(DISTINCT e)[..25] AS shown
WHERE size(entities) >= CASE WHEN $nameServer IS NULL THEN 2 ELSE 1 END AND ($nameServer IS NOT NULL OR size(entities) <= $maxShared)
WITH ns, size(entities) AS sharedBy, coalesce(ns.key, ns.value) AS nameServer, shown
ORDER BY sharedBy DESC, nameServer
LIMIT $limit
UNWIND shown AS e
MATCH p = (e)-[r:USES_NAME_SERVER]->(ns)
WHERE r.removedAt IS NULL
RETURN p
ORDER BY sharedBy DESC, nameServer, e.key
LIMIT 300
