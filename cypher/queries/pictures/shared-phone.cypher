// picture of: shared-phone
// description: Each shared phone with the domains, companies and branches that list it (LISTS_CONTACT) or relate to it (RELATED), most shared first; at most 25 records per phone and 300 links in all.

// The phones of the table form (same filter, same maxShared rule, same order and limit), each drawn as a star.
MATCH (ph:Phone)-[r:LISTS_CONTACT|RELATED]-(e:Landing)
WHERE r.removedAt IS NULL AND (e:Domain OR e:Company OR e:Branch)
  AND ($phone IS NULL OR ph.key = '+' + reduce(digits = '', ch IN split($phone, '') |
        digits + CASE WHEN ch IN ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] THEN ch ELSE '' END))
WITH DISTINCT ph, e
ORDER BY e.kind DESC, e.title, e.key
WITH ph, collect(e) AS entities
WHERE size(entities) >= CASE WHEN $phone IS NULL THEN 2 ELSE 1 END AND ($phone IS NOT NULL OR size(entities) <= $maxShared)
WITH ph, size(entities) AS sharedBy, coalesce(ph.key, ph.title) AS phone, entities[..25] AS shown
ORDER BY sharedBy DESC, phone
LIMIT $limit
UNWIND range(0, size(shown) - 1) AS i
WITH ph, sharedBy, phone, i, shown[i] AS e
MATCH p = (ph)-[r:LISTS_CONTACT|RELATED]-(e)
WHERE r.removedAt IS NULL
RETURN p
ORDER BY sharedBy DESC, phone, i
LIMIT 300
