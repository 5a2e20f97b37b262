// picture of: shared-officer
// description: Each shared manager or founder (a Person, or the Company node of an organisation) with the companies it holds roles in, (company)-[:HAS_OFFICER {role}]->(officer), one link per current role; most companies first, at most 25 companies per officer and 300 links in all.

// The officers of the table form (same filter, role rule, maxShared rule, order and limit); every current role of
// an officer in a drawn company is drawn, as the table lists them.
MATCH (c:Company)-[h:HAS_OFFICER]->(p)
WHERE h.removedAt IS NULL AND (p:Person OR p:Company)
  AND ($person IS NULL OR p.key = $person OR coalesce(p.inn, p.key) = trim($person)
       OR toLower(coalesce(p.value, p.title, '')) CONTAINS toLower(trim($person)))
  AND CASE WHEN $role IS NULL THEN h.role IN ['manager', 'founder'] ELSE h.role = $role END
WITH DISTINCT p, c
ORDER BY c.title, c.key
WITH p, collect(c) AS companies
WHERE size(companies) >= CASE WHEN $person IS NULL THEN 2 ELSE 1 END AND ($person IS NOT NULL OR size(companies) <= $maxShared)
WITH p, size(companies) AS sharedBy, companies[..25] AS shown,
     coalesce(p.value, p.title, p.key) + coalesce(' (' + coalesce(p.inn, CASE WHEN p:Company THEN p.key END) + ')', '') AS person
ORDER BY sharedBy DESC, person
LIMIT $limit
UNWIND range(0, size(shown) - 1) AS i
WITH p, sharedBy, person, i, shown[i] AS c
MATCH link = (c)-[h:HAS_OFFICER]->(p)
WHERE h.removedAt IS NULL
RETURN link
ORDER BY sharedBy DESC, person, i, h.role
LIMIT 300
