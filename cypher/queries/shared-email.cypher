// title: Entities sharing an e-mail address
// description: E-mail addresses that more than one domain, company or branch lists among its contacts
// description: (LISTS_CONTACT) or relates to (RELATED), most shared first. Addresses of mass services (more than
// description: maxShared records) are left out unless asked for by email.
// param: email string optional  One address to look at (any case); every shared one when absent
// param: maxShared integer default 200 min=2  Leave out addresses shared by more records than this
// param: limit integer default 50 min=1  Most rows
// param: maxListed integer default 100 min=1  Name at most this many records in a row (sharedBy counts them all)
// columns: email, sharedBy, domains, companies, via, entities
MATCH (em:Email)
// Read from each e-mail that two links reach (the store's count, no link read), not from every record's contacts.
WHERE ($email IS NULL OR em.key = toLower(trim($email)))
  AND ($email IS NOT NULL OR COUNT { (em)-[:LISTS_CONTACT|RELATED]-() } >= 2)
// include: contact-shared-by contact=em
WITH em, sharedBy
WHERE sharedBy >= CASE WHEN $email IS NULL THEN 2 ELSE 1 END AND ($email IS NOT NULL OR sharedBy <= $maxShared)
// Counted first, listed after: only the rows shown have their records sorted and named.
WITH em, sharedBy
ORDER BY sharedBy DESC, coalesce(em.key, em.title)
LIMIT $limit
CALL (em) {
  MATCH (em)-[r:LISTS_CONTACT|RELATED]-(e:Landing)
  WHERE r.removedAt IS NULL AND (e:Domain OR e:Company OR e:Branch)
  WITH e, collect(DISTINCT type(r)) AS types
  ORDER BY e.kind DESC, e.title, e.key
  WITH collect(CASE WHEN e.kind IN ['company', 'branch']
                   THEN coalesce(e.title + ' (' + e.key + ')', e.title, e.key, e.kind + ' #' + toString(e.id))
                   ELSE coalesce(e.key, e.title, e.kind + ' #' + toString(e.id)) END) AS entities,
         count(CASE WHEN e:Domain THEN 1 END) AS domains, count(CASE WHEN e:Company THEN 1 END) AS companies,
         reduce(acc = [], ts IN collect(types) | acc + ts) AS types
  // In one order whatever the order the links were read in.
  RETURN entities, domains, companies, [t IN ['LISTS_CONTACT', 'RELATED'] WHERE t IN types] AS via
}
RETURN coalesce(em.key, em.title) AS email, sharedBy, domains, companies, via, entities[..$maxListed] AS entities
ORDER BY sharedBy DESC, email
