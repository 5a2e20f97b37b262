// rule: young-company
// severity: medium
// description: A company registered shortly before its sites appeared: a site it is tied to was created (WhoIs)
// description: within days of the company's registration (a firm set up for a campaign of sites, a fly-by-night shop).
// threshold: maxDays 30  Days from the registration to a site's creation that count as shortly after. Over the
// threshold: 20,000-record sandbox (dates drawn independently) 1 % of the companies with sites have one within 30 days
// threshold: (p01 31 days, p05 163, p50 1,976); a site older than its company is another story and never fires.
// threshold: maxShared hub  A site whose hub size passes this (cypher/fragments/hub-size.cypher, as in `networks`,
// threshold: where identifiers of control hold up to 16 records at p99.9 of the 20,000-record sandbox), or that more
// threshold: companies than this list, is no one's own.
// Hits: each company (in $scope, or every one when null) with a registration date and a current RELATED domain (either
// way; no webmail domain, $webmailDomains, and no hub) whose WhoIs creation date is 0 to $maxDays days after it.
// Dates are read as the service gives them: an ISO date-time, or dd.mm.yyyy. Score: 0.5 + 0.5 * (1 - the shortest gap / $maxDays) + 0.1 for each further such site,
// at most 1. One fact per site, the closest first, at most five.
MATCH (c:Company)-[r:RELATED]-(d:Domain)
WHERE r.removedAt IS NULL AND ($scope IS NULL OR elementId(c) IN $scope)
  AND c.registrationDate IS NOT NULL AND d.createdAt IS NOT NULL AND NOT toLower(d.key) IN $webmailDomains
WITH DISTINCT c, d
WHERE
  // include: hub-bounded shared=d holder=h link=k
  <= $maxShared
  // A site many companies list is a marketplace or a portal, not theirs (the hub size counts what names a site, not who
  // lists it; liquidated-serves-live walks no such site either).
  AND COUNT { MATCH (d)-[x:RELATED]-(:Company) WHERE x.removedAt IS NULL } <= $maxShared
WITH c, d,
     [x IN [c.registrationDate, d.createdAt] |
       CASE WHEN x =~ '\\d{4}-\\d{2}-\\d{2}.*' THEN date(substring(x, 0, 10))
            WHEN x =~ '\\d{2}\\.\\d{2}\\.\\d{4}' THEN date(substring(x, 6, 4) + '-' + substring(x, 3, 2) + '-' + substring(x, 0, 2))
       END] AS days
WITH c, d, days[0] AS registered, days[1] AS created
WHERE registered IS NOT NULL AND created IS NOT NULL
WITH c, d, registered, created, duration.inDays(registered, created).days AS gap
WHERE gap >= 0 AND gap <= $maxDays
WITH c, registered, d, created, gap ORDER BY gap, d.key
WITH c, registered, collect({d: d, created: created, gap: gap}) AS fresh
WITH c, registered, fresh, 0.5 + 0.5 * (1.0 - toFloat(fresh[0].gap) / $maxDays) + 0.1 * (size(fresh) - 1) AS raw
RETURN elementId(c) AS element, c.kind AS kind, c.id AS id, c.key AS key, c.title AS title,
       CASE WHEN raw > 1.0 THEN 1.0 ELSE raw END AS score,
       [f IN fresh[0..5] | {fact: 'registered on ' + toString(registered) + '; its site ' + coalesce(f.d.key, f.d.title)
                                  + ' was created ' + toString(f.gap) + ' days later, on ' + toString(f.created),
                            records: [{kind: f.d.kind, id: f.d.id, key: f.d.key, title: f.d.title}]}] AS evidence
