// title: Entities sharing a name server
// description: DNS name servers that more than one domain uses, most shared first. The name servers of big
// description: registrars and hosters (more than maxShared domains) are left out unless asked for by nameServer.
// param: nameServer string optional  One name server to look at (e.g. ns1.example.ru); every shared one when absent
// param: maxShared integer default 200 min=2  Leave out name servers shared by more records than this
// param: limit integer default 50 min=1  Most rows
// param: maxListed integer default 100 min=1  Name at most this many records in a row (sharedBy counts them all)
// columns: nameServer, sharedBy, entities
MATCH (ns:Pivot:NameServer)
// Counted from each one that two links reach (the store's count, no link read), not from every link.
WHERE ($nameServer IS NULL OR ns.key = toLower(trim($nameServer)) OR ns.key + '.' = toLower(trim($nameServer)) OR ns.value = trim($nameServer))
  AND ($nameServer IS NOT NULL OR COUNT { (ns)<-[:USES_NAME_SERVER]-() } >= 2)
CALL (ns) {
  MATCH (ns)<-[r:USES_NAME_SERVER]-(e:Landing)
  WHERE r.removedAt IS NULL
  // Distinct records, not their names: no record's properties read to count.
  RETURN count(DISTINCT e) AS sharedBy
}
WITH ns, sharedBy
WHERE sharedBy >= CASE WHEN $nameServer IS NULL THEN 2 ELSE 1 END AND ($nameServer IS NOT NULL OR sharedBy <= $maxShared)
// Counted first, listed after: only the rows shown have their records sorted and named.
WITH ns, sharedBy
ORDER BY sharedBy DESC, coalesce(ns.key, ns.value)
LIMIT $limit
CALL (ns) {
  MATCH (ns)<-[r:USES_NAME_SERVER]-(e:Landing)
  WHERE r.removedAt IS NULL
  WITH e
  ORDER BY e.key
  RETURN collect(DISTINCT coalesce(e.key, e.title, e.kind + ' #' + toString(e.id))) AS entities
}
RETURN coalesce(ns.key, ns.value) AS nameServer, sharedBy, entities[..$maxListed] AS entities
ORDER BY sharedBy DESC, nameServer
