// The records and pivots whose key, title or value contains `wanted` (lower case), or whose page number, INN or OGRN
// is `exact`: rows of n, each node once. Shared by find-entity and its picture. Each text is read from an index's
// entries, never from the nodes: a record's key (landing_kind_key) and title (landing_title), a pivot's key
// (pivot_kind_key) and value (pivot_value); only a match reads its node. A page number, INN or OGRN is sought in its
// own index. Not a statement of its own: a statement takes it with the line `// include: found-by-text`, replaced
// when the statement is read (readCypherFile, src/store/cypher-files.ts).
CALL (wanted, exact) {
  MATCH (n:Landing)
  WHERE n.kind IS NOT NULL AND n.key IS NOT NULL AND toLower(n.key) CONTAINS wanted
  RETURN n
  UNION
  MATCH (n:Landing)
  WHERE n.title IS NOT NULL AND toLower(n.title) CONTAINS wanted
  RETURN n
  UNION
  MATCH (n:Pivot)
  WHERE n.kind IS NOT NULL AND n.key IS NOT NULL AND toLower(n.key) CONTAINS wanted
  RETURN n
  UNION
  MATCH (n:Pivot)
  WHERE n.value IS NOT NULL AND toLower(n.value) CONTAINS wanted
  RETURN n
  UNION
  WITH toInteger(CASE WHEN exact =~ '0|[1-9][0-9]{0,17}' THEN exact END) AS id
  CALL (id) {
    MATCH (n:Domain) WHERE n.id = id RETURN n
    UNION
    MATCH (n:Company) WHERE n.id = id RETURN n
    UNION
    MATCH (n:Email) WHERE n.id = id RETURN n
    UNION
    MATCH (n:Phone) WHERE n.id = id RETURN n
    UNION
    MATCH (n:Branch) WHERE n.id = id RETURN n
  }
  RETURN n
  UNION
  MATCH (n:Company)
  WHERE n.inn = exact
  RETURN n
  UNION
  MATCH (n:Company)
  WHERE n.ogrn = exact
  RETURN n
  UNION
  MATCH (n:Person)
  WHERE n.inn = exact
  RETURN n
}
