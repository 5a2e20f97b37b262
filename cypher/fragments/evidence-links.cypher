// The records in scope and their evidence links, shared by the statements that weigh the evidence of networks
// (cypher/network/evidence.cypher reads it, cypher/network/gds/project.cypher projects it into Graph Data Science).
// Rows: m (a record in scope), i (an identifier it links to: itself, an officer, a company, a contact, a domain,
// an address, a host), evidenceKind and weight ($weights: EVIDENCE_WEIGHTS of src/network/model.ts). $scope: 'all',
// 'nodes' ($elementIds) or 'crawl' ($crawlId: the records its CrawlTasks in state 'done' fetched). Current state only:
// relationships with removedAt are history. Not a statement of its own: a statement takes it with the line
// `// include: evidence-links`, replaced when the statement is read (readCypherFile, src/store/cypher-files.ts).
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
