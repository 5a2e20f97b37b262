// Networks in Graph Data Science: the strong ties of the records in scope projected as an undirected graph of
// records and the identifiers they share, named $graphName, for connected components (cypher/network/gds/
// components.cypher). The same evidence, hubs and public infrastructure as cypher/network/evidence.cypher, whose
// rows the pure core groups: an identifier ties when it links two or more records in scope, is no hub (hub-size,
// > $maxShared, in the graph or in scope), is not weak ($weakKinds: shared hosting never joins two groups) and is no
// webmail domain ($webmailDomains). A record tied to nothing is not projected. Read only (the projection lives in
// GDS's catalog until it is dropped). Returns no row when nothing ties.
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
WITH i, evidenceKind, collect(DISTINCT m) AS members, count(DISTINCT m) AS inScope
WHERE inScope >= 2 AND NOT evidenceKind IN $weakKinds AND NOT (evidenceKind = 'domain' AND toLower(i.key) IN $webmailDomains)
WITH i, members, inScope,
     // hub-size: shared=i holder=x link=r
     size(COLLECT {
       MATCH (x:Landing)-[r]-(i)
       WHERE r.removedAt IS NULL AND x <> i AND x.kind IN ['domain', 'company', 'email', 'phone']
         AND ((startNode(r) = x AND type(r) IN ['HAS_OFFICER', 'NAMES_COMPANY', 'LISTS_CONTACT', 'AT_DOMAIN', 'REGISTERED_AT', 'RESOLVES_TO', 'USES_NAME_SERVER', 'USES_MAIL_SERVER'])
              OR (type(r) = 'RELATED' AND x:Domain AND i:Company))
       RETURN DISTINCT x
     }) + CASE WHEN i:Landing THEN 1 ELSE 0 END AS inGraph
WHERE inGraph <= $maxShared AND inScope <= $maxShared
UNWIND members AS m
WITH gds.graph.project($graphName, m, i, {}, {undirectedRelationshipTypes: ['*']}) AS graph
WHERE graph IS NOT NULL
RETURN graph.nodeCount AS nodes, graph.relationshipCount AS relationships
