// Networks: every current red flag (written by `landing-graph flags`, cypher/flags/write.cypher), grouped by the
// record it flags: its kind, id and key, as networks names its members, and its flags (rule, severity, score).
// A member with a current `listed` flag (cypher/flags/rules/listed.cypher: on a watch list, or a current officer is)
// also has the names of those lists, for the line that says why its network ranks first; the others none.
// A few thousand rows over 100,000 records; the caller keeps those of its members. $listedRule: 'listed'.
MATCH (f:Flag)-[:FLAGS]->(m:Landing)
WHERE f.removedAt IS NULL
WITH m, collect({rule: f.rule, severity: f.severity, score: f.score}) AS flags
RETURN m.kind AS kind, m.id AS id, m.key AS key, flags,
       COLLECT {
         MATCH (m)-[l:LISTED_AS]->(e:ListEntry)
         WHERE l.removedAt IS NULL AND any(x IN flags WHERE x.rule = $listedRule)
         RETURN e.list AS list
         UNION
         MATCH (m)-[r:HAS_OFFICER]->(:Person)-[l:LISTED_AS]->(e:ListEntry)
         WHERE r.removedAt IS NULL AND l.removedAt IS NULL AND any(x IN flags WHERE x.rule = $listedRule)
         RETURN e.list AS list
       } AS lists
