// The hub size of `shared` (cypher/fragments/hub-size.cypher) where only its comparison with $maxShared matters: the
// same count up to $maxShared, and more than $maxShared for every hub. It stops reading holders at $maxShared + 1,
// so that a hub of a hundred thousand links costs what a small identifier costs. `<= $maxShared` after it is the
// hub rule; the value is no hub's size. An expression, not a statement: a statement takes it with a line
// `// include: hub-bounded shared=<var> holder=<var> link=<var>`, replaced when the statement is read.
// variables: shared holder link
size(COLLECT {
  // include: hub-holders shared=shared holder=holder link=link
  RETURN DISTINCT holder
  LIMIT toInteger($maxShared) + 1
}) + CASE WHEN shared:Landing THEN 1 ELSE 0 END
