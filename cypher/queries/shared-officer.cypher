// title: Companies sharing a manager or founder
// description: People and companies who manage or founded more than one company (HAS_OFFICER to a Person, or to the Company node of an officer that is an organisation), most
// description: companies first, with each company and the person's current roles in it (predecessor and successor links
// description: count only when asked for by role). Nominee directors of hundreds of companies (more than
// description: maxShared) are left out unless asked for by person.
// param: person string optional  Part of a name (any case), an INN, or a key (inn:..., name:...); everyone shared when absent
// param: role string optional in=manager|founder|predecessor|successor  Only this role; manager or founder when absent
// param: maxShared integer default 200 min=2  Leave out people with more companies than this
// param: limit integer default 50 min=1  Most rows
// param: maxListed integer default 100 min=1  Name at most this many companies in a row (sharedBy counts them all)
// columns: person, sharedBy, asManager, asFounder, companies

// Counted from each officer that two companies' links reach (the store's count, no link read), then listed for the
// rows shown only. Persons and companies read by their labels, not every node.
CALL () {
  MATCH (p:Person) RETURN p
  UNION ALL
  MATCH (p:Company) RETURN p
}
WITH p
WHERE ($person IS NULL OR p.key = $person OR coalesce(p.inn, p.key) = trim($person)
       OR toLower(coalesce(p.value, p.title, '')) CONTAINS toLower(trim($person)))
  AND ($person IS NOT NULL OR COUNT { (p)<-[:HAS_OFFICER]-() } >= 2)
CALL (p) {
  MATCH (p)<-[h:HAS_OFFICER]-(c:Company)
  WHERE h.removedAt IS NULL AND CASE WHEN $role IS NULL THEN h.role IN ['manager', 'founder'] ELSE h.role = $role END
  RETURN count(DISTINCT c) AS sharedBy
}
WITH p, sharedBy
WHERE sharedBy >= CASE WHEN $person IS NULL THEN 2 ELSE 1 END AND ($person IS NOT NULL OR sharedBy <= $maxShared)
WITH p, sharedBy,
     coalesce(p.value, p.title, p.key) + coalesce(' (' + coalesce(p.inn, CASE WHEN p:Company THEN p.key END) + ')', '') AS person
ORDER BY sharedBy DESC, person
LIMIT $limit
CALL (p) {
  MATCH (p)<-[h:HAS_OFFICER]-(c:Company)
  WHERE h.removedAt IS NULL AND CASE WHEN $role IS NULL THEN h.role IN ['manager', 'founder'] ELSE h.role = $role END
  WITH DISTINCT c
  // One HAS_OFFICER per role, current ones only: the roles the latest answer states.
  WITH c, COLLECT { MATCH (c)-[x:HAS_OFFICER]->(p) WHERE x.removedAt IS NULL RETURN DISTINCT x.role ORDER BY x.role } AS roles
  ORDER BY c.title, c.key
  RETURN collect(coalesce(c.title + ' (' + c.key + ')', c.title, c.key, 'company #' + toString(c.id))
                 + ' [' + reduce(s = '', r IN roles | s + CASE WHEN s = '' THEN '' ELSE ', ' END + r) + ']') AS companies,
         count(CASE WHEN 'manager' IN roles THEN 1 END) AS asManager, count(CASE WHEN 'founder' IN roles THEN 1 END) AS asFounder
}
RETURN person, sharedBy, asManager, asFounder, companies[..$maxListed] AS companies
ORDER BY sharedBy DESC, person
