// Networks: the current red flags (written by `landing-graph flags`, cypher/flags/write.cypher) of the given
// records. $members: [{kind, id, key}] (by page number, else by key, as write-networks.cypher finds them).
// One row per record with a current flag: its ref as given and its flags (rule, severity, score).
UNWIND $members AS ref
CALL (ref) {
  MATCH (m:Landing {kind: ref.kind, id: ref.id})
  RETURN m
  UNION
  MATCH (m:Landing {kind: ref.kind, key: ref.key})
  RETURN m
}
MATCH (f:Flag)-[:FLAGS]->(m)
WHERE f.removedAt IS NULL
RETURN ref.kind AS kind, ref.id AS id, ref.key AS key,
       collect(DISTINCT {rule: f.rule, severity: f.severity, score: f.score}) AS flags
