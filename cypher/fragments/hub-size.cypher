// The one definition of a hub. The hub size of a node `shared` (an identifier, or a record another record names):
// its holders (cypher/fragments/hub-holders.cypher: the domains, companies, e-mails and phones tied to it by a
// current evidence link), plus one when `shared` is a record itself. A node whose hub size passes $maxShared is a
// hub: it ties nothing and is not walked through. Where only that matters, cypher/fragments/hub-bounded.cypher
// reads no more holders than it takes to know. An expression, not a statement: a statement takes it with a line
// `// include: hub-size shared=<var> holder=<var> link=<var>`, replaced when the statement is read
// (readCypherFile, src/store/cypher-files.ts), with its own variable names.
// variables: shared holder link
size(COLLECT {
  // include: hub-holders shared=shared holder=holder link=link
  RETURN DISTINCT holder
}) + CASE WHEN shared:Landing THEN 1 ELSE 0 END
