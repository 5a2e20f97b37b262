// title: Domains sharing a registrant
// description: Domains registered to the same owner: the same WhoIs registrant INN, the same registrant organization
// description: (any case), or the same registrar, strongest evidence first, then most shared. Values shared by more
// description: than maxShared domains (big registrars) are left out unless asked for by value.
// param: by string optional in=inn|organization|registrar  Only this kind of evidence; all three when absent
// param: value string optional  One INN, organization or registrar to look at (exact, any case)
// param: maxShared integer default 200 min=2  Leave out values shared by more domains than this
// param: limit integer default 50 min=1  Most rows
// param: maxListed integer default 100 min=1  Name at most this many domains in a row (domains counts them all)
// columns: sharedBy, value, company, domains, entities
CALL () {
  // Each branch tests $by before it reads, so that the other kinds' branches read nothing.
  WITH $by AS by WHERE by IS NULL OR by = 'inn'
  MATCH (d:Domain)
  WHERE d.registrantInn IS NOT NULL
  RETURN 'inn' AS evidence, 0 AS strength, d.registrantInn AS groupKey, d.registrantInn AS shown, d
  UNION ALL
  WITH $by AS by WHERE by IS NULL OR by = 'organization'
  MATCH (d:Domain)
  WHERE d.registrantOrganization IS NOT NULL
  RETURN 'organization' AS evidence, 1 AS strength, toLower(trim(d.registrantOrganization)) AS groupKey, d.registrantOrganization AS shown, d
  UNION ALL
  WITH $by AS by WHERE by IS NULL OR by = 'registrar'
  MATCH (r:Pivot:Registrar)
  // A registrar of more than $maxShared domains is left out below unless asked for by value: so its domains are
  // counted only up to one more than that before they are read.
  WHERE $value IS NOT NULL OR size(COLLECT {
    MATCH (r)<-[w:REGISTERED_WITH]-(d:Domain)
    WHERE w.removedAt IS NULL AND d.key IS NOT NULL
    RETURN DISTINCT d.key AS key
    LIMIT toInteger($maxShared) + 1
  }) <= $maxShared
  MATCH (d:Domain)-[w:REGISTERED_WITH]->(r)
  WHERE w.removedAt IS NULL
  RETURN 'registrar' AS evidence, 2 AS strength, r.key AS groupKey, r.value AS shown, d
}
WITH evidence, strength, groupKey, shown, d
WHERE $value IS NULL OR groupKey = toLower(trim($value)) OR toLower(shown) = toLower(trim($value))
// Counted first from the index entries (domain_registrant_inn, domain_registrant_organization), reading no domain:
// only the groups shown read their domains, found again by their value. A group ranks by its smallest spelling and
// shows the spelling of its first domain by key (an INN or a registrar is spelled one way).
WITH evidence, strength, groupKey, count(DISTINCT d) AS domains, collect(DISTINCT shown) AS spellings
WHERE domains >= CASE WHEN $value IS NULL THEN 2 ELSE 1 END AND ($value IS NOT NULL OR domains <= $maxShared)
WITH evidence, strength, groupKey, domains, spellings, reduce(least = null, x IN spellings | CASE WHEN least IS NULL OR x < least THEN x ELSE least END) AS least
ORDER BY strength, domains DESC, least
LIMIT $limit
CALL (evidence, groupKey, spellings) {
  MATCH (d:Domain)
  WHERE evidence = 'inn' AND d.registrantInn = groupKey
  RETURN d
  UNION
  MATCH (d:Domain)
  WHERE evidence = 'organization' AND d.registrantOrganization IN spellings
  RETURN d
  UNION
  MATCH (d:Domain)-[w:REGISTERED_WITH]->(r:Pivot:Registrar)
  WHERE evidence = 'registrar' AND r.key = groupKey AND w.removedAt IS NULL
  RETURN d
}
// Listed in key order; the group shows the spelling of its first domain.
WITH evidence, strength, groupKey, domains, d
ORDER BY d.key
WITH evidence, strength, groupKey, domains, collect(d.key) AS entities, collect(CASE WHEN d.key IS NOT NULL THEN d END)[0] AS first
WITH evidence, strength, groupKey, domains, entities,
     CASE evidence WHEN 'inn' THEN groupKey WHEN 'organization' THEN first.registrantOrganization
          ELSE COLLECT { MATCH (r:Pivot:Registrar) WHERE r.key = groupKey RETURN r.value }[0] END AS shown
// A registrant INN that is also a company in the graph names it.
CALL (evidence, groupKey) {
  OPTIONAL MATCH (c:Company)
  WHERE evidence = 'inn' AND c.inn = groupKey
  RETURN head(collect(coalesce(c.title, c.key))) AS company
}
RETURN evidence AS sharedBy, shown AS value, company, domains, entities[..$maxListed] AS entities
ORDER BY strength, domains DESC, value
