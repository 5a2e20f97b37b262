// The records and pivots whose key, title or value contains `wanted` (lower case), or whose page number, INN or OGRN
// is `exact`: rows of n, each node once. Shared by find-entity and its picture. Texts are sought in trigram text
// indexes (a substring costs what its matches cost, not what the graph holds): records' keys as they are (lower case),
// their titles in lower-case copies (`titleLower`), pivots' keys and values in one lower-case text (`textLower`),
// all written with them. On a graph written before the copies, until a writing command migrates it (the mark of
// cypher/migrations/lower-case-copies.cypher), every key, title and value is read instead: slower, never missing a
// match. A page number, INN or OGRN is sought in its own index. Not a statement of its own: a statement takes it with
// the line `// include: found-by-text`, replaced when the statement is read (readCypherFile,
// src/store/cypher-files.ts).
CALL (wanted, exact) {
  OPTIONAL MATCH (copied:Migration {name: 'lower-case-copies'})
  CALL (wanted, copied) {
    WITH wanted WHERE copied IS NOT NULL
    CALL (wanted) {
      MATCH (n:Landing) USING TEXT INDEX n:Landing(key)
      WHERE n.key CONTAINS wanted
      RETURN n
      UNION
      MATCH (n:Landing) USING TEXT INDEX n:Landing(titleLower)
      WHERE n.titleLower CONTAINS wanted
      RETURN n
      UNION
      // One text of key and value: a match across the line between them is none.
      MATCH (n:Pivot) USING TEXT INDEX n:Pivot(textLower)
      WHERE n.textLower CONTAINS wanted AND (toLower(n.key) CONTAINS wanted OR toLower(n.value) CONTAINS wanted)
      RETURN n
    }
    RETURN n
    UNION
    WITH wanted WHERE copied IS NULL
    CALL (wanted) {
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
    }
    RETURN n
  }
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
