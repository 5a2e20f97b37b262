// title: Entities sharing a phone
// description: Phone numbers that more than one domain, company or branch lists among its contacts (LISTS_CONTACT)
// description: or relates to (RELATED), most shared first. Numbers of call centres and marketplaces (more than
// description: maxShared records) are left out unless asked for by phone.
// param: phone string optional  One number to look at, in any writing (+7 495 123-45-67); every shared one when absent
// param: maxShared integer default 200 min=2  Leave out numbers shared by more records than this
// param: limit integer default 50 min=1  Most rows
// param: maxListed integer default 100 min=1  Name at most this many records in a row (sharedBy counts them all)
// columns: phone, sharedBy, domains, companies, via, entities

// A floor under the sharedBy of the $limit numbers most shared: a number's sharedBy is at most its links, and the
// store keeps each node's count of all its links (one read; a count of some types walks the node's list of links).
// So the numbers with the most links are counted exactly, and the $limit-th best of those within 2..$maxShared is
// reached by every row this query can show: a number with fewer links cannot reach it and is never counted. 2 when
// fewer than $limit are found, or when a number is asked for.
CALL () {
  MATCH (probe:Phone)
  WHERE $phone IS NULL
  WITH probe, COUNT { (probe)--() } AS links
  ORDER BY links DESC
  LIMIT 10 * $limit
  // include: contact-shared-by contact=probe
  WITH sharedBy WHERE 2 <= sharedBy <= $maxShared
  ORDER BY sharedBy DESC
  LIMIT $limit
  WITH collect(sharedBy) AS best
  RETURN CASE WHEN size(best) < $limit THEN 2 ELSE best[-1] END AS floor
}
// Counted only where it can reach the rows shown: from the numbers with at least the floor's links (the store's
// count, no link read), not from every record's contacts.
MATCH (ph:Phone)
WHERE ($phone IS NULL OR ph.key = '+' + reduce(digits = '', ch IN split($phone, '') |
        digits + CASE WHEN ch IN ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] THEN ch ELSE '' END))
  AND ($phone IS NOT NULL OR (COUNT { (ph)--() } >= floor AND COUNT { (ph)-[:LISTS_CONTACT|RELATED]-() } >= floor))
// include: contact-shared-by contact=ph
WITH ph, sharedBy
WHERE sharedBy >= CASE WHEN $phone IS NULL THEN 2 ELSE 1 END AND ($phone IS NOT NULL OR sharedBy <= $maxShared)
// Counted first, listed after: only the rows shown have their records sorted and named.
WITH ph, sharedBy
ORDER BY sharedBy DESC, coalesce(ph.key, ph.title)
LIMIT $limit
CALL (ph) {
  MATCH (ph)-[r:LISTS_CONTACT|RELATED]-(e:Landing)
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
RETURN coalesce(ph.key, ph.title) AS phone, sharedBy, domains, companies, via, entities[..$maxListed] AS entities
ORDER BY sharedBy DESC, phone
