// title: Entities sharing an IP address
// description: IP addresses that more than one record resolves to (DNS A/AAAA records or the host IP of the site's
// description: response), most shared first. IPs of big hosters and CDNs (more than maxShared records) are left out
// description: unless asked for by ip.
// param: ip string optional  One IP to look at; every shared IP when absent
// param: maxShared integer default 200 min=2  Leave out IPs shared by more records than this (CDNs, mass hosting)
// param: limit integer default 50 min=1  Most rows
// param: maxListed integer default 100 min=1  Name at most this many records in a row (sharedBy counts them all)
// columns: ip, sharedBy, via, entities
MATCH (ip:Pivot:IP)
// Counted from each one that two links reach (the store's count, no link read), not from every link.
WHERE ($ip IS NULL OR ip.key = toLower(trim($ip)) OR ip.value = trim($ip))
  AND ($ip IS NOT NULL OR COUNT { (ip)<-[:RESOLVES_TO]-() } >= 2)
CALL (ip) {
  MATCH (ip)<-[r:RESOLVES_TO]-(e:Landing)
  WHERE r.removedAt IS NULL
  // Distinct records, not their names: no record's properties read to count.
  RETURN count(DISTINCT e) AS sharedBy
}
WITH ip, sharedBy
WHERE sharedBy >= CASE WHEN $ip IS NULL THEN 2 ELSE 1 END AND ($ip IS NOT NULL OR sharedBy <= $maxShared)
// Counted first, listed after: only the rows shown have their records sorted and named.
WITH ip, sharedBy
ORDER BY sharedBy DESC, ip.value
LIMIT $limit
CALL (ip) {
  MATCH (ip)<-[r:RESOLVES_TO]-(e:Landing)
  WHERE r.removedAt IS NULL
  WITH e, r
  ORDER BY e.key
  RETURN collect(DISTINCT coalesce(e.key, e.title, e.kind + ' #' + toString(e.id))) AS entities, collect(r.via) AS vias
}
RETURN ip.value AS ip, sharedBy, reduce(acc = [], v IN vias | acc + [x IN coalesce(v, []) WHERE NOT x IN acc]) AS via, entities[..$maxListed] AS entities
ORDER BY sharedBy DESC, ip
