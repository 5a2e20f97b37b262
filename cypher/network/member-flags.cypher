// Networks: every current red flag (written by `landing-graph flags`, cypher/flags/write.cypher), grouped by the
// record it flags: its kind, id and key, as networks names its members, and its flags (rule, severity, score).
// A few thousand rows over 100,000 records; the caller keeps those of its members. No parameters.
MATCH (f:Flag)-[:FLAGS]->(m:Landing)
WHERE f.removedAt IS NULL
RETURN m.kind AS kind, m.id AS id, m.key AS key, collect({rule: f.rule, severity: f.severity, score: f.score}) AS flags
