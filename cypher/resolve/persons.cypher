// Resolve, person rules (src/resolve/person-rules.ts): every named Person pivot with the companies it is a current
// officer of (HAS_OFFICER without removedAt). `element` is the company's element id, for company-ties.cypher in
// the same read transaction; `address` its current registration address (the Address pivot's key), which lets a
// name too common to pair everywhere still pair at one address. Names are normalised in src/resolve/names.ts, not
// here. Read only.
MATCH (c:Company)-[r:HAS_OFFICER]->(p:Person)
WHERE r.removedAt IS NULL AND p.name IS NOT NULL
WITH p, collect(DISTINCT c) AS companies
RETURN p.key AS key, p.name AS name, p.inn AS inn,
       [c IN companies | {id: c.id, key: c.key, name: c.title, element: elementId(c),
                          address: head(COLLECT { MATCH (c)-[r:REGISTERED_AT]->(a:Address) WHERE r.removedAt IS NULL RETURN a.key ORDER BY a.key })}] AS companies
