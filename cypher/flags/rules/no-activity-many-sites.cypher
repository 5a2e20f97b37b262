// rule: no-activity-many-sites
// severity: medium
// description: A company that reports no revenue, yet runs many sites: a front whose sites earn for someone else (the
// description: service publishes no staff count, so revenue is the measure of activity).
// threshold: minSites 10  Sites from which many counts. Over the 20,000-record sandbox a company is tied to 1 site
// threshold: at p50, 3 at p90, 8 at p99 and 22 at p99.9; no sandbox company reports zero revenue but the planted one.
// Hits: each company (in $scope, or every one when null) whose latest reported revenue (`revenue`, line 2110 of its
// latest `financeResults`, `revenueYear`) is 0 or less, with $minSites or more current RELATED domains (either way). A
// company that reports nothing is not judged: no report is no evidence. Score: 0.5 at $minSites sites, rising to 1 at
// five times as many.
MATCH (c:Company)
WHERE ($scope IS NULL OR elementId(c) IN $scope) AND c.revenue IS NOT NULL AND c.revenue <= 0
WITH c, COLLECT { MATCH (c)-[r:RELATED]-(d:Domain) WHERE r.removedAt IS NULL RETURN DISTINCT d ORDER BY d.key } AS sites
WHERE size(sites) >= $minSites
RETURN elementId(c) AS element, c.kind AS kind, c.id AS id, c.key AS key,
       0.5 + 0.5 * CASE WHEN size(sites) >= 5 * $minSites THEN 1.0 ELSE toFloat(size(sites) - $minSites) / (4 * $minSites) END AS score,
       [{fact: 'revenue ' + toString(c.revenue) + ' in ' + coalesce(toString(c.revenueYear), 'its latest report') + ', yet '
               + toString(size(sites)) + ' sites',
         records: [d IN sites[0..5] | {kind: d.kind, id: d.id, key: d.key}]}] AS evidence
