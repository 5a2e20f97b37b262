// The one definition of a hub. The hub size of a node `shared` (an identifier, or a record another record names):
// the domains, companies, e-mails and phones tied to it by a current evidence link (one of the evidence group of
// src/graph/relationship-groups.ts, from the record to it, or RELATED between a domain and the company `shared`),
// plus one when `shared` is a record itself. A node whose hub size passes $maxShared is a hub: it ties nothing and
// is not walked through. An expression, not a statement: a statement takes it with a line
// `// include: hub-size shared=<var> holder=<var> link=<var>`, replaced when the statement is read
// (readCypherFile, src/store/cypher-files.ts), with its own variable names.
// variables: shared holder link
size(COLLECT {
  MATCH (holder:Landing)-[link]-(shared)
  WHERE link.removedAt IS NULL AND holder <> shared AND holder.kind IN ['domain', 'company', 'email', 'phone']
    // types: evidence
    AND ((startNode(link) = holder AND type(link) IN ['HAS_OFFICER', 'NAMES_COMPANY', 'LISTS_CONTACT', 'AT_DOMAIN', 'REGISTERED_AT', 'RESOLVES_TO', 'USES_NAME_SERVER', 'USES_MAIL_SERVER'])
         OR (type(link) = 'RELATED' AND holder:Domain AND shared:Company))
  RETURN DISTINCT holder
}) + CASE WHEN shared:Landing THEN 1 ELSE 0 END
