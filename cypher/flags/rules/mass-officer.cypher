// rule: mass-officer
// severity: high
// description: A company whose manager or founder is a manager or founder of many other companies (a nominee
// description: director: one person fronting dozens of firms).
// threshold: minCompanies 10  Companies one person manages or founded from which it counts as a nominee. At 20,000
// threshold: sandbox records a person holds 2 companies at p50, 7 at p99; the planted nominees hold 59-77.
// Hits: each company (in $scope, or every one when null) with a current HAS_OFFICER (manager or founder) to a Person
// who holds such a role now at $minCompanies companies or more. One hit per company: its most prolific such officer.
// `shared`: that officer, so that the companies of one person read as one finding.
MATCH (c:Company)-[r:HAS_OFFICER]->(p:Person)
WHERE r.removedAt IS NULL AND r.role IN ['manager', 'founder'] AND ($scope IS NULL OR elementId(c) IN $scope)
WITH p, collect(DISTINCT c) AS inScope
// Counted once per person, not once per company of it: a nominee of 150 companies is read 150 times, not 22,500.
WITH p, inScope, COUNT { MATCH (x:Company)-[y:HAS_OFFICER]->(p) WHERE y.removedAt IS NULL AND y.role IN ['manager', 'founder'] RETURN DISTINCT x } AS companies
WHERE companies >= $minCompanies
UNWIND inScope AS c
WITH c, p, companies, COLLECT { MATCH (c)-[x:HAS_OFFICER]->(p) WHERE x.removedAt IS NULL AND x.role IN ['manager', 'founder'] RETURN DISTINCT x.role AS role ORDER BY role } AS roles
WITH c, p, roles, companies ORDER BY companies DESC, p.key
WITH c, collect({p: p, roles: roles, companies: companies})[0] AS top
WITH c, top, top.p AS officer, coalesce(top.p.name, top.p.value, top.p.key) + coalesce(' (INN ' + top.p.inn + ')', '') AS named
// The other companies shown are read once per officer, not once per company of it: a nominee of 4,000 companies
// is read 4,000 times, not 16,000,000. The first six by key, less the company itself, are its first five.
WITH officer, collect({c: c, top: top, named: named}) AS hits
WITH officer, hits, COLLECT { MATCH (x:Company)-[y:HAS_OFFICER]->(officer) WHERE y.removedAt IS NULL
                              RETURN DISTINCT x ORDER BY x.key LIMIT 6 } AS firstSix
UNWIND hits AS hit
WITH hit.c AS c, hit.top AS top, hit.named AS named, officer, firstSix
RETURN elementId(c) AS element, c.kind AS kind, c.id AS id, c.key AS key, c.title AS title,
       0.5 + 0.5 * CASE WHEN top.companies >= 10 * $minCompanies THEN 1.0 ELSE toFloat(top.companies - $minCompanies) / (9 * $minCompanies) END AS score,
       [{fact: named + ', its '
               + reduce(s = '', x IN top.roles | s + CASE WHEN s = '' THEN '' ELSE ' and ' END + x)
               + ', is manager or founder of ' + toString(top.companies - 1) + ' other companies',
         records: [x IN firstSix WHERE x <> c | {kind: x.kind, id: x.id, key: x.key, title: x.title}][0..5]}] AS evidence,
       {kind: 'officer', key: coalesce(officer.key, named), name: named,
        fact: named + ' is manager or founder of ' + toString(top.companies) + ' companies'} AS shared
