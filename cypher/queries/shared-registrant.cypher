// title: Domains sharing a registrant
// description: Domains registered to the same owner: the same WhoIs registrant INN, the same registrant organization
// description: (any case), or the same registrar, strongest evidence first, then most shared. Values shared by more
// description: than maxShared domains (big registrars) are left out unless asked for by value.
// param: by string optional in=inn|organization|registrar  Only this kind of evidence; all three when absent
// param: value string optional  One INN, organization or registrar to look at (exact, any case)
// param: maxShared integer default 200 min=2  Leave out values shared by more domains than this
// param: limit integer default 50 min=1  Most rows
// columns: sharedBy, value, company, domains, entities
CALL () {
  MATCH (d:Domain)
  WHERE d.registrantInn IS NOT NULL
  RETURN 'inn' AS evidence, 0 AS strength, d.registrantInn AS groupKey, d.registrantInn AS shown, d
  UNION ALL
  MATCH (d:Domain)
  WHERE d.registrantOrganization IS NOT NULL
  RETURN 'organization' AS evidence, 1 AS strength, toLower(trim(d.registrantOrganization)) AS groupKey, d.registrantOrganization AS shown, d
  UNION ALL
  MATCH (d:Domain)-[w:REGISTERED_WITH]->(r:Pivot:Registrar)
  WHERE w.removedAt IS NULL
  RETURN 'registrar' AS evidence, 2 AS strength, r.key AS groupKey, r.value AS shown, d
}
WITH evidence, strength, groupKey, shown, d
WHERE ($by IS NULL OR evidence = $by) AND ($value IS NULL OR groupKey = toLower(trim($value)) OR toLower(shown) = toLower(trim($value)))
ORDER BY d.key
WITH evidence, strength, groupKey, head(collect(shown)) AS shown, collect(DISTINCT d.key) AS entities
WHERE size(entities) >= CASE WHEN $value IS NULL THEN 2 ELSE 1 END AND ($value IS NOT NULL OR size(entities) <= $maxShared)
// A registrant INN that is also a company in the graph names it.
CALL (evidence, groupKey) {
  OPTIONAL MATCH (c:Company)
  WHERE evidence = 'inn' AND c.inn = groupKey
  RETURN head(collect(coalesce(c.title, c.key))) AS company
}
RETURN evidence AS sharedBy, shown AS value, company, size(entities) AS domains, entities
ORDER BY strength, domains DESC, value
LIMIT $limit
