// Networks in Graph Data Science: the most memory the projection and WCC may need, from the graph's counts of nodes
// and relationships (upper bounds of what project.cypher projects: every node and every relationship, read from the
// count store in constant time), against the heap the server has free now. Read only.
CALL () {
  MATCH (n)
  RETURN count(n) AS nodes
}
CALL () {
  MATCH ()-[r]->()
  RETURN count(r) AS relationships
}
CALL gds.graph.project.estimate('*', '*', {nodeCount: nodes, relationshipCount: relationships})
YIELD bytesMax AS projectionBytes
CALL gds.wcc.stream.estimate({nodeProjection: '*', relationshipProjection: '*', nodeCount: nodes, relationshipCount: relationships}, {})
YIELD bytesMax AS wccBytes
CALL gds.debug.sysInfo() YIELD key, value
WITH nodes, relationships, projectionBytes, wccBytes, key, value
WHERE key = 'availableHeapInBytes'
RETURN nodes, relationships, projectionBytes + wccBytes AS requiredBytes, value AS availableBytes
