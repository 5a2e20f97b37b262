// picture of: crawl-clusters
// description: The seeds of each cluster of the crawl, biggest cluster first, and the shortest routes (not through hubs, public infrastructure or records the crawl cut) by which they reach each other within the hops; a seed alone in its cluster is drawn alone, one not in the graph not at all.

// The clusters of the table form (same crawl, walk, hub rule, order and limit); the table counts everything the
// seeds reach, the picture draws only what ties the seeds together.
CALL () {
  MATCH (c:Crawl)
  WHERE $crawlId IS NULL OR c.id = $crawlId
  RETURN c
  ORDER BY c.startedAt DESC
  LIMIT 1
}
// Seeds are written as domain:example.com (by key) or domain#42 (by page number).
UNWIND c.seeds AS seed
WITH c, seed, seed =~ '[a-z]+#[0-9]+' AS byId
WITH c, seed, byId, CASE WHEN byId THEN split(seed, '#')[0] ELSE split(seed, ':')[0] END AS kind
WITH c, seed, kind,
     CASE WHEN byId THEN toInteger(substring(seed, size(kind) + 1)) END AS id,
     CASE WHEN byId THEN null ELSE substring(seed, size(kind) + 1) END AS key
OPTIONAL MATCH (s:Landing {kind: kind})
WHERE s.id = id OR s.key = key
// What each seed reaches (itself included), breadth-first, never through a node the walks stop at (walk-stop). Hop
// counts cannot be parameters: one branch per value of $hops, and only the branch of the given value runs.
CALL (s) {
  CALL (s) {
    WITH s WHERE $hops = 1
    MATCH p = ANY SHORTEST (s) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = s OR NOT
      // include: walk-stop node=a
    )){0,1} (n)
    RETURN p, n
    UNION ALL
    WITH s WHERE $hops = 2
    MATCH p = ANY SHORTEST (s) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = s OR NOT
      // include: walk-stop node=a
    )){0,2} (n)
    RETURN p, n
    UNION ALL
    WITH s WHERE $hops = 3
    MATCH p = ANY SHORTEST (s) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = s OR NOT
      // include: walk-stop node=a
    )){0,3} (n)
    RETURN p, n
    UNION ALL
    WITH s WHERE $hops = 4
    MATCH p = ANY SHORTEST (s) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = s OR NOT
      // include: walk-stop node=a
    )){0,4} (n)
    RETURN p, n
  }
  RETURN collect(n) AS reach, collect(p) AS routes
}
WITH c, collect({seed: seed, node: s, reach: reach, routes: routes}) AS rows
WITH c, rows, range(0, size(rows) - 1) AS idx
// Seeds i and j are linked when one reaches the other; clusters are the connected groups of seeds, found by
// letting every seed take the smallest index among its neighbours, as many rounds as there are seeds.
WITH c, rows, idx, [i IN idx | [j IN idx WHERE rows[j].node IN rows[i].reach OR rows[i].node IN rows[j].reach]] AS adjacent
WITH c, rows, idx, reduce(labels = idx, pass IN idx |
       [i IN idx | reduce(m = labels[i], j IN adjacent[i] | CASE WHEN labels[j] < m THEN labels[j] ELSE m END)]) AS labels
UNWIND idx AS i
WITH c, labels[i] AS cluster, collect(rows[i].seed) AS seeds, collect(rows[i].reach) AS reaches, collect(rows[i]) AS members
CALL (reaches) {
  UNWIND reaches AS reach
  UNWIND reach AS n
  RETURN collect(DISTINCT n) AS nodes
}
WITH seeds, size(nodes) AS size, members
ORDER BY size DESC, seeds[0]
LIMIT $limit
// Drawn: each seed of the cluster (a route of length 0 to itself) and its routes to the other seeds it reaches.
UNWIND members AS member
UNWIND member.routes AS p
WITH size, seeds, p, [m IN members | m.node] AS seedNodes
WHERE last(nodes(p)) IN seedNodes
RETURN p
ORDER BY size DESC, seeds[0], length(p)
