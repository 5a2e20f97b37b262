// Networks: the evidence of common control of the records in scope, one row per link of a member to an
// identifier. $scope: 'all' (every domain, company, e-mail and phone), 'nodes' (the Landing nodes whose element
// ids are $elementIds, as the walk from the seeds found them) or 'crawl' (the records crawl $crawlId fetched:
// its CrawlTasks in state 'done'). $weights: EVIDENCE_WEIGHTS of src/network/model.ts. Current state only:
// relationships with removedAt are history, not evidence. `shared` counts the records of the whole graph tied to
// the identifier (the identifier itself when it is a record), so a hub is a hub whatever the scope.
// Never evidence: SIMILAR, COMPETITOR, REGISTERED_WITH, USES_TECHNOLOGY, HAS_ACTIVITY, HAS_PROFILE, RELATED other
// than between a Domain and a Company. Read only.
CALL () {
  MATCH (m:Landing)
  WHERE $scope = 'all' AND m.kind IN ['domain', 'company', 'email', 'phone']
  RETURN m
  UNION
  MATCH (m:Landing)
  WHERE $scope = 'nodes' AND elementId(m) IN $elementIds AND m.kind IN ['domain', 'company', 'email', 'phone']
  RETURN m
  UNION
  MATCH (t:CrawlTask {crawlId: $crawlId, state: 'done'})
  WHERE $scope = 'crawl'
  MATCH (m:Landing {kind: t.kind, id: t.id})
  RETURN m
}
CALL (m) {
  WITH m WHERE m.key IS NOT NULL OR m.id IS NOT NULL
  RETURN m AS i, m.kind AS evidenceKind, $weights.self AS weight
  UNION ALL
  MATCH (m)-[r:HAS_OFFICER]->(i:Person) WHERE r.removedAt IS NULL
  RETURN i, 'officer' AS evidenceKind, $weights.officer AS weight
  UNION ALL
  MATCH (m)-[r:HAS_OFFICER]->(i:Company) WHERE r.removedAt IS NULL
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
WITH i, evidenceKind, collect({member: m, weight: weight}) AS links
WITH i, evidenceKind, links,
     size(COLLECT {
       MATCH (x:Landing)-[r]-(i)
       WHERE r.removedAt IS NULL AND x <> i AND x.kind IN ['domain', 'company', 'email', 'phone']
         AND ((startNode(r) = x AND type(r) IN ['HAS_OFFICER', 'NAMES_COMPANY', 'LISTS_CONTACT', 'AT_DOMAIN', 'REGISTERED_AT', 'RESOLVES_TO', 'USES_NAME_SERVER', 'USES_MAIL_SERVER'])
              OR (type(r) = 'RELATED' AND x:Domain AND i:Company))
       RETURN DISTINCT x
     }) + CASE WHEN i:Landing THEN 1 ELSE 0 END AS shared
UNWIND links AS link
WITH link.member AS m, evidenceKind, i, link.weight AS weight, shared
RETURN {kind: m.kind, id: m.id, key: m.key} AS member, evidenceKind,
       coalesce(i.key, '#' + toString(i.id)) AS evidenceKey, weight, shared
