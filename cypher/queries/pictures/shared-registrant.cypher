// picture of: shared-registrant
// description: The domains of each shared registrant, strongest evidence first: for a registrar the links (domain)-[:REGISTERED_WITH]->(Registrar), for a registrant INN or organization (properties, no link) the domains alone and the company of the INN when the graph has it; at most 25 domains per value and 300 rows in all.

// The groups of the table form (same evidence, filter, maxShared rule, order and limit). A lone node is drawn as a
// path of length 0, so that every row is a path.
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
WITH evidence, strength, groupKey, head(collect(shown)) AS value, collect(DISTINCT d) AS domains
WHERE size(domains) >= CASE WHEN $value IS NULL THEN 2 ELSE 1 END AND ($value IS NOT NULL OR size(domains) <= $maxShared)
WITH evidence, strength, groupKey, value, size(domains) AS sharedBy, domains[..25] AS shown
ORDER BY strength, sharedBy DESC, value
LIMIT $limit
CALL (evidence, groupKey, shown) {
  UNWIND shown AS d
  MATCH p = (d)-[w:REGISTERED_WITH]->(r:Pivot:Registrar {key: groupKey})
  WHERE evidence = 'registrar' AND w.removedAt IS NULL
  RETURN p, d.key AS order
  UNION ALL
  UNWIND shown AS d
  MATCH p = (d)
  WHERE evidence <> 'registrar'
  RETURN p, d.key AS order
  UNION ALL
  // A registrant INN that is also a company in the graph names it.
  MATCH p = (c:Company)
  WHERE evidence = 'inn' AND c.inn = groupKey
  RETURN p, '' AS order
}
RETURN p
ORDER BY strength, sharedBy DESC, value, order
LIMIT 300
