// title: Entities sharing an address
// description: Registration addresses that more than one record gives, most shared first. Mass registration
// description: addresses (more than maxShared records) are left out unless asked for by address.
// param: address string optional  Part of an address to look at (any case); every shared address when absent
// param: maxShared integer default 200 min=2  Leave out addresses shared by more records than this
// param: limit integer default 50 min=1  Most rows
// param: maxListed integer default 100 min=1  Name at most this many records in a row (sharedBy counts them all)
// columns: address, sharedBy, entities
MATCH (ad:Pivot:Address)
// Listed for each address that two links reach (the store's count, no link read), not sorted over every link.
WHERE ($address IS NULL OR ad.key = $address OR toLower(ad.value) CONTAINS toLower(trim($address)))
  AND ($address IS NOT NULL OR COUNT { (ad)<-[:REGISTERED_AT]-() } >= 2)
CALL (ad) {
  MATCH (ad)<-[r:REGISTERED_AT]-(e:Landing)
  WHERE r.removedAt IS NULL
  WITH e
  ORDER BY e.title, e.key
  RETURN collect(DISTINCT CASE WHEN e.kind IN ['company', 'branch']
                   THEN coalesce(e.title + ' (' + e.key + ')', e.title, e.key, e.kind + ' #' + toString(e.id))
                   ELSE coalesce(e.key, e.title, e.kind + ' #' + toString(e.id)) END) AS entities
}
WITH ad, entities
WHERE size(entities) >= CASE WHEN $address IS NULL THEN 2 ELSE 1 END AND ($address IS NOT NULL OR size(entities) <= $maxShared)
RETURN ad.value AS address, size(entities) AS sharedBy, entities[..$maxListed] AS entities
ORDER BY sharedBy DESC, address
LIMIT $limit
