// rule: mass-address
// severity: medium
// description: A company registered at an address where many other companies are registered (a mass-registration
// description: address: shells are registered by the hundred at a few addresses).
// threshold: minCompanies 10  Companies at one address from which it counts as mass registration. At 20,000 sandbox
// threshold: records an address holds 2 companies at p50, 4 at p99; the planted mass addresses hold 68-72.
// Hits: each company (in $scope, element ids, or every one when null) with a current REGISTERED_AT to an Address that
// at least $minCompanies companies share now. Score: the share of the way from the threshold to ten times it, 0.5-1.
// `shared`: the address, so that the companies of one address read as one finding.
MATCH (c:Company)-[r:REGISTERED_AT]->(a:Address)
WHERE r.removedAt IS NULL AND ($scope IS NULL OR elementId(c) IN $scope)
// Counted, and the other companies shown read, once per address, not once per company at it: a mass address of
// 3,000 companies is read 3,000 times, not 9,000,000. A company has one REGISTERED_AT to an address, so the first
// six by key, less the company itself, are its first five.
WITH a, collect(c) AS inScope
WITH a, inScope, COUNT { MATCH (x:Company)-[y:REGISTERED_AT]->(a) WHERE y.removedAt IS NULL RETURN DISTINCT x } AS companies
WHERE companies >= $minCompanies
WITH a, inScope, companies, COLLECT { MATCH (x:Company)-[y:REGISTERED_AT]->(a) WHERE y.removedAt IS NULL
                                      RETURN x ORDER BY x.key LIMIT 6 } AS firstSix
UNWIND inScope AS c
RETURN elementId(c) AS element, c.kind AS kind, c.id AS id, c.key AS key, c.title AS title,
       0.5 + 0.5 * CASE WHEN companies >= 10 * $minCompanies THEN 1.0 ELSE toFloat(companies - $minCompanies) / (9 * $minCompanies) END AS score,
       [{fact: 'registered at ' + coalesce(a.value, a.key) + ', with ' + toString(companies - 1) + ' other companies',
         records: [x IN firstSix WHERE x <> c | {kind: x.kind, id: x.id, key: x.key, title: x.title}][0..5]}] AS evidence,
       {kind: 'address', key: coalesce(a.key, a.value), name: coalesce(a.value, a.key),
        fact: coalesce(a.value, a.key) + ' houses ' + toString(companies) + ' companies'} AS shared
