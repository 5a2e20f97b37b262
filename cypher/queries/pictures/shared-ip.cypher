// picture of: shared-ip
// description: Each shared IP with the records that resolve to it, (record)-[:RESOLVES_TO]->(IP), most shared first; at most 25 records per IP and 300 links in all.

// The IPs of the table form (same filter, same maxShared rule, same order and limit), each drawn as a star.
MATCH (ip:Pivot:IP)<-[r:RESOLVES_TO]-(e:Landing)
WHERE r.removedAt IS NULL AND ($ip IS NULL OR ip.key = toLower(trim($ip)) OR ip.value = trim($ip))
WITH ip, e
ORDER BY e.key
WITH ip, collect(DISTINCT coalesce(e.key, e.title, e.kind + ' #' + toString(e.id))) AS entities, collect(DISTINCT e)[..25] AS shown
WHERE size(entities) >= CASE WHEN $ip IS NULL THEN 2 ELSE 1 END AND ($ip IS NOT NULL OR size(entities) <= $maxShared)
WITH ip, size(entities) AS sharedBy, shown
ORDER BY sharedBy DESC, ip.value
LIMIT $limit
UNWIND shown AS e
MATCH p = (e)-[r:RESOLVES_TO]->(ip)
WHERE r.removedAt IS NULL
RETURN p
ORDER BY sharedBy DESC, ip.value, e.key
LIMIT 300
