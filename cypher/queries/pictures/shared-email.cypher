// picture of: shared-email
// description: Each shared e-mail address with the domains, companies and branches that list it (LISTS_CONTACT) or relate to it (RELATED), most shared first; at most 25 records per address and 300 links in all.

// The addresses of the table form (same filter, same maxShared rule, same order and limit), each drawn as a star.
MATCH (em:Email)-[r:LISTS_CONTACT|RELATED]-(e:Landing)
WHERE r.removedAt IS NULL AND (e:Domain OR e:Company OR e:Branch) AND ($email IS NULL OR em.key = toLower(trim($email)))
WITH DISTINCT em, e
ORDER BY e.kind DESC, e.title, e.key
WITH em, collect(e) AS entities
WHERE size(entities) >= CASE WHEN $email IS NULL THEN 2 ELSE 1 END AND ($email IS NOT NULL OR size(entities) <= $maxShared)
WITH em, size(entities) AS sharedBy, coalesce(em.key, em.title) AS email, entities[..25] AS shown
ORDER BY sharedBy DESC, email
LIMIT $limit
UNWIND range(0, size(shown) - 1) AS i
WITH em, sharedBy, email, i, shown[i] AS e
MATCH p = (em)-[r:LISTS_CONTACT|RELATED]-(e)
WHERE r.removedAt IS NULL
RETURN p
ORDER BY sharedBy DESC, email, i
LIMIT 300
