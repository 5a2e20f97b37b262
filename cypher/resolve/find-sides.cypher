// Resolve: the nodes a decision file names. $sides: [{ref, kind, id, key}] as src/resolve/pair.ts sideRef makes
// them: a company by key (else by page number when it has no key), a person by its Person pivot key. A side the
// graph does not hold comes back with element null. Read only.
UNWIND $sides AS s
CALL (s) {
  OPTIONAL MATCH (n:Landing {kind: s.kind, key: s.key})
  WHERE s.kind = 'company'
  RETURN n
  UNION
  OPTIONAL MATCH (n:Landing {kind: s.kind, id: s.id})
  WHERE s.kind = 'company' AND s.key IS NULL
  RETURN n
  UNION
  OPTIONAL MATCH (n:Person {key: s.key})
  WHERE s.kind = 'person'
  RETURN n
}
WITH s, [x IN collect(n) WHERE x IS NOT NULL] AS found
RETURN s.ref AS ref, elementId(head(found)) AS element
