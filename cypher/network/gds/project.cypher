// Networks in Graph Data Science: the strong ties of the records in scope projected as an undirected graph of
// records and the identifiers they share, named $graphName, for connected components (cypher/network/gds/
// components.cypher). The same evidence, hubs and public infrastructure as cypher/network/evidence.cypher, whose
// rows the pure core groups: an identifier ties when it links two or more records in scope, is no hub (hub-size,
// > $maxShared, in the graph or in scope), is not weak ($weakKinds: shared hosting never joins two groups) and is no
// webmail domain ($webmailDomains). A record tied to nothing is not projected. Read only (the projection lives in
// GDS's catalog until it is dropped). Returns no row when nothing ties.
// include: evidence-links
// Weak links are dropped before the grouping, which is most of the statement's time.
WITH m, i, evidenceKind WHERE NOT evidenceKind IN $weakKinds
WITH i, evidenceKind, collect(DISTINCT m) AS members
WITH i, evidenceKind, members, size(members) AS inScope
WHERE 2 <= inScope <= $maxShared AND NOT (evidenceKind = 'domain' AND toLower(i.key) IN $webmailDomains)
WITH i, members,
     // include: hub-bounded shared=i holder=x link=r
     AS inGraph
WHERE inGraph <= $maxShared
UNWIND members AS m
WITH gds.graph.project($graphName, m, i, {}, {undirectedRelationshipTypes: ['*']}) AS graph
WHERE graph IS NOT NULL
RETURN graph.nodeCount AS nodes, graph.relationshipCount AS relationships
