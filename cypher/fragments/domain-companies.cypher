// The companies a domain leads to, as rows of c, each once: a current RELATED or NAMES_COMPANY link to a company, or
// the company of its registrant's INN or OGRN (a property, no link). Shared by recent-domains and its picture. A CALL
// clause, not a statement: a statement takes it with a line `// include: domain-companies domain=<var>`.
// variables: domain
CALL (domain) {
  MATCH (domain)-[r:RELATED|NAMES_COMPANY]-(c:Company)
  WHERE r.removedAt IS NULL
  RETURN c
  UNION
  MATCH (c:Company)
  WHERE c.inn = domain.registrantInn OR c.ogrn = domain.registrantOgrn
  RETURN c
}
