// The holders of a node `shared` for its hub size (cypher/fragments/hub-size.cypher): the domains, companies, e-mails
// and phones tied to it by a current evidence link (one of the evidence group of src/graph/relationship-groups.ts,
// from the record to it), or by RELATED when the holder is a domain and `shared` a company. Each link is read by its
// type and direction: a site that thousands of records list as similar or competing has few holders, and reading
// its other links only to drop them made a hub check cost what the site's whole neighbourhood costs. A subquery
// returning `holder`, not a statement: cypher/fragments/hub-size.cypher and hub-bounded.cypher take it.
// variables: shared holder link
CALL (shared) {
  // types: evidence
  MATCH (holder:Landing)-[link:HAS_OFFICER|NAMES_COMPANY|LISTS_CONTACT|AT_DOMAIN|REGISTERED_AT|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER]->(shared)
  WHERE link.removedAt IS NULL AND holder <> shared AND holder.kind IN ['domain', 'company', 'email', 'phone']
  RETURN holder
  UNION
  MATCH (holder:Landing&Domain)-[link:RELATED]-(shared:Company)
  WHERE link.removedAt IS NULL AND holder <> shared AND holder.kind IN ['domain', 'company', 'email', 'phone']
  RETURN holder
}
