// Networks: the evidence of common control of the records in scope, one row per identifier with the members in
// scope it ties. $scope: 'all' (every domain, company, e-mail and phone), 'nodes' (the Landing nodes whose element
// ids are $elementIds, as the walk from the seeds found them) or 'crawl' (the records crawl $crawlId fetched:
// its CrawlTasks in state 'done'). $weights: EVIDENCE_WEIGHTS of src/network/model.ts. Current state only:
// relationships with removedAt are history, not evidence. `shared` counts the records tied to the identifier,
// in the whole graph (the identifier itself when it is a record) or in scope when more, so a hub is a hub
// whatever the scope. A hub (shared > $maxShared) comes with its members only when $hubMembers (the case file
// names the hubs a network touches; `networks` reports only their counts); an identifier of one member in scope
// that is no hub ties nothing and is left out. `members` may repeat a member (one entry per link, in the order
// read; the reader keeps the strongest weight), `weights` is parallel to it.
// Never evidence: SIMILAR, COMPETITOR, REGISTERED_WITH, USES_TECHNOLOGY, HAS_ACTIVITY, HAS_PROFILE, RELATED other
// than between a Domain and a Company. Read only.
// copy: evidence-links
CALL () {
  // Each branch tests the scope before it reads, so the other scopes' branches read nothing.
  WITH $scope AS scope WHERE scope = 'all'
  MATCH (m:Landing)
  WHERE m.kind IN ['domain', 'company', 'email', 'phone']
  RETURN m
  UNION
  WITH $scope AS scope WHERE scope = 'nodes'
  UNWIND $elementIds AS elementId
  MATCH (m:Landing)
  WHERE elementId(m) = elementId AND m.kind IN ['domain', 'company', 'email', 'phone']
  RETURN m
  UNION
  WITH $scope AS scope WHERE scope = 'crawl'
  MATCH (t:CrawlTask {crawlId: $crawlId, state: 'done'})
  MATCH (m:Landing {kind: t.kind, id: t.id})
  RETURN m
}
CALL (m) {
  WITH m WHERE m.key IS NOT NULL OR m.id IS NOT NULL
  RETURN m AS i, m.kind AS evidenceKind, $weights.self AS weight
  UNION ALL
  // One HAS_OFFICER per role: the officer counts once.
  MATCH (m)-[r:HAS_OFFICER]->(i:Person) WHERE r.removedAt IS NULL
  WITH DISTINCT m, i
  RETURN i, 'officer' AS evidenceKind, $weights.officer AS weight
  UNION ALL
  MATCH (m)-[r:HAS_OFFICER]->(i:Company) WHERE r.removedAt IS NULL
  WITH DISTINCT m, i
  RETURN i, 'company' AS evidenceKind, $weights.founderCompany AS weight
  UNION ALL
  MATCH (m)-[r:NAMES_COMPANY]->(i:Company) WHERE r.removedAt IS NULL
  RETURN i, 'company' AS evidenceKind, $weights.namesCompany AS weight
  UNION ALL
  MATCH (m:Domain)-[r:RELATED]-(i:Company) WHERE r.removedAt IS NULL
  RETURN i, 'company' AS evidenceKind, $weights.relatedCompany AS weight
  UNION ALL
  MATCH (m)-[r:LISTS_CONTACT]->(i:Landing) WHERE r.removedAt IS NULL AND (i:Phone OR i:Email)
  RETURN i, i.kind AS evidenceKind, $weights.contact AS weight
  UNION ALL
  MATCH (m:Email)-[r:AT_DOMAIN]->(i:Domain) WHERE r.removedAt IS NULL
  RETURN i, 'domain' AS evidenceKind, $weights.atDomain AS weight
  UNION ALL
  // SAME_AS (an analyst accepted the pair, `landing-graph resolve`): directed, so the pair meets at one identifier.
  MATCH (m)-[:SAME_AS]->(i:Company)
  RETURN i, 'company' AS evidenceKind, $weights.sameAs AS weight
  UNION ALL
  MATCH (m)-[r:HAS_OFFICER]->(:Person)-[:SAME_AS]->(i:Person) WHERE r.removedAt IS NULL
  WITH DISTINCT m, i
  RETURN i, 'officer' AS evidenceKind, $weights.sameAs AS weight
  UNION ALL
  MATCH (m)-[r:REGISTERED_AT]->(i:Address) WHERE r.removedAt IS NULL
  RETURN i, 'address' AS evidenceKind, $weights.address AS weight
  UNION ALL
  MATCH (m)-[r:RESOLVES_TO]->(i:IP) WHERE r.removedAt IS NULL
  RETURN i, 'ip' AS evidenceKind, $weights.ip AS weight
  UNION ALL
  MATCH (m)-[r:USES_NAME_SERVER]->(i:NameServer) WHERE r.removedAt IS NULL
  RETURN i, 'nameServer' AS evidenceKind, $weights.nameServer AS weight
  UNION ALL
  MATCH (m)-[r:USES_MAIL_SERVER]->(i:MailServer) WHERE r.removedAt IS NULL
  RETURN i, 'mailServer' AS evidenceKind, $weights.mailServer AS weight
}
// end copy: evidence-links
WITH i, evidenceKind, collect({member: m, weight: weight}) AS links, count(DISTINCT m) AS inScope
WITH i, evidenceKind, links, inScope,
     // hub-size: shared=i holder=x link=r
     size(COLLECT {
       MATCH (x:Landing)-[r]-(i)
       WHERE r.removedAt IS NULL AND x <> i AND x.kind IN ['domain', 'company', 'email', 'phone']
         AND ((startNode(r) = x AND type(r) IN ['HAS_OFFICER', 'NAMES_COMPANY', 'LISTS_CONTACT', 'AT_DOMAIN', 'REGISTERED_AT', 'RESOLVES_TO', 'USES_NAME_SERVER', 'USES_MAIL_SERVER'])
              OR (type(r) = 'RELATED' AND x:Domain AND i:Company))
       RETURN DISTINCT x
     }) + CASE WHEN i:Landing THEN 1 ELSE 0 END AS inGraph
WITH i, evidenceKind, links, inScope, CASE WHEN inGraph > inScope THEN inGraph ELSE inScope END AS shared
WHERE inScope >= 2 OR shared > $maxShared
WITH i, evidenceKind, shared, CASE WHEN shared > $maxShared AND NOT $hubMembers THEN [] ELSE links END AS links
RETURN evidenceKind, coalesce(i.key, '#' + toString(i.id)) AS evidenceKey, shared,
       [link IN links | {kind: link.member.kind, id: link.member.id, key: link.member.key}] AS members, [link IN links | link.weight] AS weights
