// The records (domains, companies, branches) that list `contact` (a phone or an e-mail address) among their contacts
// (LISTS_CONTACT) or relate to it (RELATED), by current links, each counted once, as `sharedBy`. A CALL clause, not a
// statement: a statement takes it with a line `// include: contact-shared-by contact=<var>`.
// variables: contact
CALL (contact) {
  MATCH (contact)-[r:LISTS_CONTACT|RELATED]-(e:Landing)
  WHERE r.removedAt IS NULL AND (e:Domain OR e:Company OR e:Branch)
  RETURN count(DISTINCT e) AS sharedBy
}
