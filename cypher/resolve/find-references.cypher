// Resolve: the nodes the hand-written sides of a decision file name (src/resolve/references.ts). $refs:
// [{text, kind, by, value}]: a company by `number` (its key, else an INN or OGRN it states) or by `id` (page
// number), a person by `key` (its Person pivot key) or by `inn` (the key inn:<INN>, else an INN it states). Names
// are matched in src/resolve (names.ts), not here. `exact`: the node's key (or page number) is the value, which
// wins over a node that only states the number. Read only.
UNWIND $refs AS r
CALL (r) {
  MATCH (c:Company {key: r.value})
  WHERE r.kind = 'company' AND r.by = 'number'
  RETURN c AS n, true AS exact
  UNION
  MATCH (c:Company {inn: r.value})
  WHERE r.kind = 'company' AND r.by = 'number'
  RETURN c AS n, false AS exact
  UNION
  MATCH (c:Company {ogrn: r.value})
  WHERE r.kind = 'company' AND r.by = 'number'
  RETURN c AS n, false AS exact
  UNION
  MATCH (c:Company {id: toInteger(r.value)})
  WHERE r.kind = 'company' AND r.by = 'id'
  RETURN c AS n, true AS exact
  UNION
  MATCH (p:Person {key: r.value})
  WHERE r.kind = 'person' AND r.by = 'key'
  RETURN p AS n, true AS exact
  UNION
  MATCH (p:Person {key: 'inn:' + r.value})
  WHERE r.kind = 'person' AND r.by = 'inn'
  RETURN p AS n, true AS exact
  UNION
  MATCH (p:Person {inn: r.value})
  WHERE r.kind = 'person' AND r.by = 'inn'
  RETURN p AS n, false AS exact
}
RETURN r.text AS text, r.kind AS kind, n.id AS id, n.key AS key,
       CASE WHEN r.kind = 'company' THEN coalesce(n.title, n.shortName, n.fullName) ELSE n.name END AS name, exact
