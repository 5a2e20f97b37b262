// picture of: shared-address
// description: Each shared registration address with the records that give it, (record)-[:REGISTERED_AT]->(Address), most shared first; at most 25 records per address and 300 links in all.

// The addresses of the table form (same filter, same maxShared rule, same order and limit), each drawn as a star.
MATCH (ad:Pivot:Address)<-[r:REGISTERED_AT]-(e:Landing)
WHERE r.removedAt IS NULL AND ($address IS NULL OR ad.key = $address OR toLower(ad.value) CONTAINS toLower(trim($address)))
WITH ad, e
ORDER BY e.title, e.key
WITH ad, collect(DISTINCT CASE WHEN e.kind IN ['company', 'branch']
                   THEN coalesce(e.title + ' (' + e.key + ')', e.title, e.key, e.kind + ' #' + toString(e.id))
                   ELSE coalesce(e.key, e.title, e.kind + ' #' + toString(e.id)) END) AS entities,
     collect(DISTINCT e)[..25] AS shown
WHERE size(entities) >= CASE WHEN $address IS NULL THEN 2 ELSE 1 END AND ($address IS NOT NULL OR size(entities) <= $maxShared)
WITH ad, size(entities) AS sharedBy, shown
ORDER BY sharedBy DESC, ad.value
LIMIT $limit
UNWIND shown AS e
MATCH p = (e)-[r:REGISTERED_AT]->(ad)
WHERE r.removedAt IS NULL
RETURN p
ORDER BY sharedBy DESC, ad.value, e.title, e.key
LIMIT 300
