// The one rule of the library's walks (neighbourhood, crawl clusters, shortest paths): a node they reach but do not
// pass through. A record whose lists the crawl cut (`fanoutCut`: --max-fanout); listed public infrastructure (a
// public DNS or mail host, a webmail domain: cypher/fragments/public-infrastructure.cypher), which ties strangers
// however few of them a small graph holds; or a pivot with more current links than $maxPivotDegree (a registrar, a
// shared host, a mass address): counted from the store's link count first, and its links read only when that count
// passes the bound, then at most $maxPivotDegree + 1 of them. An expression, not a statement: a statement takes it
// with a line `// include: walk-stop node=<var>`, replaced when the statement is read (readCypherFile,
// src/store/cypher-files.ts).
// variables: node
(coalesce(node.fanoutCut, false)
 OR
 // include: public-infrastructure node=node
 OR (node:Pivot AND COUNT { (node)--() } > $maxPivotDegree
     AND COUNT { MATCH (node)-[walkLink]-(:Landing|Pivot) WHERE walkLink.removedAt IS NULL RETURN walkLink LIMIT $maxPivotDegree + 1 } > $maxPivotDegree))
