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
  UNION
  // Every evidence link from the record in one pass over its links, each weighed by its type and far end: a record's
  // links are read as a chain, and a branch per type read the chain once per type.
  // types: evidence + SAME_AS
  MATCH (m)-[r:HAS_OFFICER|NAMES_COMPANY|LISTS_CONTACT|AT_DOMAIN|SAME_AS|REGISTERED_AT|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER]->(i)
  WHERE r.removedAt IS NULL
  WITH i, CASE type(r)
    // One HAS_OFFICER per role: the officer counts once (UNION keeps each row once).
    // SAME_AS (an analyst accepted the pair, `landing-graph resolve`): directed, so the pair meets at one identifier;
    // it is deleted when undone, never given a removedAt.
    WHEN 'HAS_OFFICER' THEN CASE WHEN i:Person THEN ['officer', $weights.officer] WHEN i:Company THEN ['company', $weights.founderCompany] END
    WHEN 'NAMES_COMPANY' THEN CASE WHEN i:Company THEN ['company', $weights.namesCompany] END
    WHEN 'LISTS_CONTACT' THEN CASE WHEN i:Landing AND (i:Phone OR i:Email) THEN [i.kind, $weights.contact] END
    WHEN 'AT_DOMAIN' THEN CASE WHEN m:Email AND i:Domain THEN ['domain', $weights.atDomain] END
    WHEN 'SAME_AS' THEN CASE WHEN i:Company THEN ['company', $weights.sameAs] END
    WHEN 'REGISTERED_AT' THEN CASE WHEN i:Address THEN ['address', $weights.address] END
    WHEN 'RESOLVES_TO' THEN CASE WHEN i:IP THEN ['ip', $weights.ip] END
    WHEN 'USES_NAME_SERVER' THEN CASE WHEN i:NameServer THEN ['nameServer', $weights.nameServer] END
    WHEN 'USES_MAIL_SERVER' THEN CASE WHEN i:MailServer THEN ['mailServer', $weights.mailServer] END
  END AS kindWeight
  WHERE kindWeight IS NOT NULL
  RETURN i, kindWeight[0] AS evidenceKind, kindWeight[1] AS weight
  UNION
  MATCH (m:Domain)-[r:RELATED]-(i:Company) WHERE r.removedAt IS NULL
  RETURN i, 'company' AS evidenceKind, $weights.relatedCompany AS weight
  UNION
  // An officer the analyst accepted as the same person as another: the other too. Only companies have officers.
  MATCH (m:Company)-[r:HAS_OFFICER]->(:Person)-[:SAME_AS]->(i:Person) WHERE r.removedAt IS NULL
  RETURN i, 'officer' AS evidenceKind, $weights.sameAs AS weight
}
