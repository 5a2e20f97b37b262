// The one definition of a hub. The hub size of a node `shared` (an identifier, or a record another record names):
// the domains, companies, e-mails and phones tied to it by a current evidence link (one of the evidence group of
// src/graph/relationship-groups.ts, from the record to it, or RELATED between a domain and the company `shared`),
// plus one when `shared` is a record itself. A node whose hub size passes $maxShared is a hub: it ties nothing and
// is not walked through. Cypher cannot include a file, so each statement that needs it holds a copy with its own
// variable names, marked on the line before with `// hub-size: shared=<var> holder=<var> link=<var>`;
// test/cypher/copies.test.ts fails when a copy differs from this text. Not a statement of its own.
size(COLLECT {
  MATCH (holder:Landing)-[link]-(shared)
  WHERE link.removedAt IS NULL AND holder <> shared AND holder.kind IN ['domain', 'company', 'email', 'phone']
    AND ((startNode(link) = holder AND type(link) IN ['HAS_OFFICER', 'NAMES_COMPANY', 'LISTS_CONTACT', 'AT_DOMAIN', 'REGISTERED_AT', 'RESOLVES_TO', 'USES_NAME_SERVER', 'USES_MAIL_SERVER'])
         OR (type(link) = 'RELATED' AND holder:Domain AND shared:Company))
  RETURN DISTINCT holder
}) + CASE WHEN shared:Landing THEN 1 ELSE 0 END
