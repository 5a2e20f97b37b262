// picture of: recent-domains
// description: Each recently registered domain with the companies it leads to: its RELATED and NAMES_COMPANY links to them, and the company of its registrant INN or OGRN (a property, no link: drawn as a node); newest first.

// The domains of the table form (same dates, same companies, same order and limit), one row each.
WITH coalesce(date($asOf), date()) AS today
MATCH (d:Domain)
WHERE d.createdAt IS NOT NULL
WITH today, d,
     CASE
       WHEN d.createdAt =~ '[0-9]{4}-[0-9]{2}-[0-9]{2}.*' THEN substring(d.createdAt, 0, 10)
       WHEN d.createdAt =~ '[0-9]{2}[.][0-9]{2}[.][0-9]{4}.*'
         THEN substring(d.createdAt, 6, 4) + '-' + substring(d.createdAt, 3, 2) + '-' + substring(d.createdAt, 0, 2)
     END AS created
// ISO dates compare as text, and a malformed date cannot fail the query.
WHERE created >= toString(today - duration({days: $days})) AND created <= toString(today)
CALL (d) {
  MATCH (d)-[r:RELATED|NAMES_COMPANY]-(c:Company)
  WHERE r.removedAt IS NULL
  RETURN c
  UNION
  MATCH (c:Company)
  WHERE c.inn = d.registrantInn OR c.ogrn = d.registrantOgrn
  RETURN c
}
WITH d, created, collect(c) AS companies
ORDER BY created DESC, d.key
LIMIT $limit
RETURN d AS domain, companies,
       COLLECT { MATCH p = (d)-[r:RELATED|NAMES_COMPANY]-(:Company) WHERE r.removedAt IS NULL RETURN p } AS links
ORDER BY created DESC, d.key
