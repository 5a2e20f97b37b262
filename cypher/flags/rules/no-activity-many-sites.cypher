// rule: no-activity-many-sites
// severity: medium
// description: A company that reports no revenue, yet runs many sites: a front whose sites earn for someone else (the
// description: service publishes no staff count, so revenue is the measure of activity).
// threshold: minSites 10  Sites from which many counts. Over the 20,000-record sandbox a company is tied to 1 site
// threshold: at p50, 3 at p90, 8 at p99 and 22 at p99.9; no sandbox company reports zero revenue but the planted one.
// threshold: maxShared hub  A site whose hub size passes this (cypher/fragments/hub-size.cypher, as in `networks`,
// threshold: where identifiers of control hold up to 16 records at p99.9 of the 20,000-record sandbox), or that more
// threshold: companies than this list, is no one's own.
// Hits: each company (in $scope, or every one when null) whose latest reported revenue (`revenue`, line 2110 of its
// latest `financeResults`, `revenueYear`) is 0 or less, with $minSites or more current RELATED domains (either way;
// no webmail domain, $webmailDomains, and no hub). A company that reports nothing is not judged: no report is no
// evidence. Score: 0.5 at $minSites sites, rising to 1 at five times as many.
MATCH (c:Company)
WHERE ($scope IS NULL OR elementId(c) IN $scope) AND c.revenue IS NOT NULL AND c.revenue <= 0
WITH c, COLLECT {
  MATCH (c)-[r:RELATED]-(d:Domain)
  WHERE r.removedAt IS NULL AND NOT toLower(d.key) IN $webmailDomains
    AND
    // include: hub-bounded shared=d holder=h link=k
    <= $maxShared
    // A site many companies list is a marketplace or a portal, not theirs (the hub size counts what names a site, not who
    // lists it; liquidated-serves-live walks no such site either).
    AND COUNT { MATCH (d)-[x:RELATED]-(:Company) WHERE x.removedAt IS NULL } <= $maxShared
  RETURN DISTINCT d ORDER BY d.key
} AS sites
WHERE size(sites) >= $minSites
RETURN elementId(c) AS element, c.kind AS kind, c.id AS id, c.key AS key, c.title AS title,
       0.5 + 0.5 * CASE WHEN size(sites) >= 5 * $minSites THEN 1.0 ELSE toFloat(size(sites) - $minSites) / (4 * $minSites) END AS score,
       [{fact: 'revenue ' + toString(c.revenue) + ' in ' + coalesce(toString(c.revenueYear), 'its latest report') + ', yet '
               + toString(size(sites)) + ' sites',
         records: [d IN sites[0..5] | {kind: d.kind, id: d.id, key: d.key, title: d.title}]}] AS evidence
