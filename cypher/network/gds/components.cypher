// Networks in Graph Data Science: the connected components (WCC) of the projection $graphName (cypher/network/gds/
// project.cypher), as the element ids of their records in scope ($scope 'all', or 'crawl': fetched by $crawlId),
// those of at least $minSize records. The identifiers that joined them are not members. A record the crawl fetched
// has a done task named by its id (uid `<crawlId>|<kind>#<id>`, taskUid of src/crawl/settle.ts), looked up by index.
// Read only.
CALL gds.wcc.stream($graphName, {}) YIELD nodeId, componentId
WITH gds.util.asNode(nodeId) AS m, componentId
WHERE m:Landing AND m.kind IN ['domain', 'company', 'email', 'phone']
  AND ($scope = 'all' OR EXISTS { MATCH (t:CrawlTask {uid: $crawlId + '|' + m.kind + '#' + toString(m.id)}) WHERE t.state = 'done' })
WITH componentId, collect(elementId(m)) AS elementIds
WHERE size(elementIds) >= $minSize
RETURN elementIds
