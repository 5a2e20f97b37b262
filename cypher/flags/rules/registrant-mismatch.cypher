// rule: registrant-mismatch
// severity: medium
// description: A domain whose WhoIs registrant is a company that does not list the domain among its sites: a site
// description: registered in another firm's name (a borrowed identity, or a front hiding the real owner).
// No threshold: any mismatch is a fact worth a look, and a company fetched with its list of sites is what it is
// compared with (a registrant company known only as a stub is not judged).
// Hits: each domain (in $scope, or every one when null) with a current NAMES_COMPANY that its WhoIs gives (`via`
// holds whoIs.inn or whoIs.ogrn) to a Company whose own record was fetched (so its relatedDomains list is known) and
// lists no current RELATED to the domain. Score 0.7; 0.9 when the company lists sites but not this one.
MATCH (d:Domain)-[n:NAMES_COMPANY]->(c:Company)
WHERE n.removedAt IS NULL AND ($scope IS NULL OR elementId(d) IN $scope)
  AND any(v IN coalesce(n.via, []) WHERE v IN ['whoIs.inn', 'whoIs.ogrn'])
  AND c.status = 'fetched'
  AND NOT EXISTS { MATCH (c)-[r:RELATED]->(d) WHERE r.removedAt IS NULL }
WITH d, c, COUNT { MATCH (c)-[r:RELATED]->(:Domain) WHERE r.removedAt IS NULL } AS sites
RETURN elementId(d) AS element, d.kind AS kind, d.id AS id, d.key AS key, d.title AS title,
       CASE WHEN sites > 0 THEN 0.9 ELSE 0.7 END AS score,
       [{fact: 'WhoIs names ' + coalesce(c.title, c.key) + ' as registrant, and that company lists '
               + CASE WHEN sites = 0 THEN 'no sites' ELSE toString(sites) + ' other sites but not this one' END,
         records: [{kind: c.kind, id: c.id, key: c.key, title: c.title}]}] AS evidence
