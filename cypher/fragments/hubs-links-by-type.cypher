// The current links of `n` to records and pivots, per type, most first, as `byType` ([{type, links}]): the hubs
// query reads a candidate's links once, for its floor or its row, and takes its degree as their sum. A CALL clause,
// not a statement: a statement takes it with a line `// include: hubs-links-by-type n=<var>`.
// variables: n
CALL (n) {
  MATCH (n)-[r]-(:Landing|Pivot)
  WHERE r.removedAt IS NULL
  WITH type(r) AS type, count(*) AS links
  ORDER BY links DESC, type
  RETURN collect({type: type, links: links}) AS byType
}
