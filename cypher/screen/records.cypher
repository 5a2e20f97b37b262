// Screen (src/screen/): every company and person of the graph with what a watch list can match: names, INN, OGRN,
// birth date (none of which the Cypher normalises: src/screen/records.ts does). Companies known by a key alone
// (stubs an officer entry named) count too: their key is their INN or OGRN. Read only; streamed.
MATCH (c:Company)
RETURN elementId(c) AS element, 'company' AS kind, c.key AS key, c.title AS name,
       [n IN [c.title, c.shortName, c.fullName] WHERE n IS NOT NULL] AS names,
       c.inn AS inn, c.ogrn AS ogrn, null AS birthDate
UNION ALL
MATCH (p:Person)
RETURN elementId(p) AS element, 'person' AS kind, p.key AS key, p.name AS name,
       [n IN [p.name] WHERE n IS NOT NULL] AS names, p.inn AS inn, null AS ogrn, p.birthDate AS birthDate
