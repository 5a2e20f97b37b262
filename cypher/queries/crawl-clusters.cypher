// title: Clusters around the seeds of a crawl
// description: Which seeds of a crawl (the latest when crawlId is absent) are within a few hops of each other, not
// description: counting links through hub pivots, public infrastructure or records the crawl cut, and what each cluster
// description: holds (everything within those hops of its seeds), biggest first. A seed in a cluster of its own
// description: is unrelated to the others; one with no nodes is not in the graph. A crawl of many seeds (a seeds file
// description: covering a sector) is judged on its first maxSeeds seeds: each pair of seeds is compared.
// param: crawlId string optional  The crawl (see the crawls query); the latest one when absent
// param: hops integer default 2 min=1 max=4  Seeds this many hops apart join a cluster, which holds what is this close; 1 to 4
// param: maxPivotDegree integer default 50 min=1  Pivots with more links than this do not connect
// param: maxSeeds integer default 200 min=1  The crawl's first seeds only (pairs of seeds grow as their square)
// param: limit integer default 50 min=1  Most clusters
// columns: crawl, seeds, nodes, domains, companies, emails, phones, pivots, companyNames
CALL () {
  MATCH (c:Crawl)
  WHERE $crawlId IS NULL OR c.id = $crawlId
  RETURN c
  ORDER BY c.startedAt DESC
  LIMIT 1
}
// Seeds are written as domain:example.com (by key) or domain#42 (by page number).
UNWIND c.seeds[..$maxSeeds] AS seed
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
    RETURN n
    UNION ALL
    WITH s WHERE $hops = 2
    MATCH p = ANY SHORTEST (s) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = s OR NOT
      // include: walk-stop node=a
    )){0,2} (n)
    RETURN n
    UNION ALL
    WITH s WHERE $hops = 3
    MATCH p = ANY SHORTEST (s) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = s OR NOT
      // include: walk-stop node=a
    )){0,3} (n)
    RETURN n
    UNION ALL
    WITH s WHERE $hops = 4
    MATCH p = ANY SHORTEST (s) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = s OR NOT
      // include: walk-stop node=a
    )){0,4} (n)
    RETURN n
  }
  RETURN collect(n) AS reach
}
WITH c, collect({seed: seed, node: s, reach: reach}) AS rows
WITH c, rows, range(0, size(rows) - 1) AS idx
// Seeds i and j are linked when one reaches the other; clusters are the connected groups of seeds, found by
// letting every seed take the smallest index among its neighbours, as many rounds as there are seeds.
WITH c, rows, idx, [i IN idx | [j IN idx WHERE rows[j].node IN rows[i].reach OR rows[i].node IN rows[j].reach]] AS adjacent
WITH c, rows, idx, reduce(labels = idx, pass IN idx |
       [i IN idx | reduce(m = labels[i], j IN adjacent[i] | CASE WHEN labels[j] < m THEN labels[j] ELSE m END)]) AS labels
UNWIND idx AS i
WITH c, labels[i] AS cluster, collect(rows[i].seed) AS seeds, collect(rows[i].reach) AS reaches
CALL (reaches) {
  UNWIND reaches AS reach
  UNWIND reach AS n
  RETURN collect(DISTINCT n) AS nodes
}
CALL (nodes) {
  UNWIND nodes AS n
  WITH n
  WHERE n:Company
  WITH n
  ORDER BY COUNT { (n)-[r]-(:Landing|Pivot) WHERE r.removedAt IS NULL } DESC, n.title
  RETURN collect(coalesce(n.title, n.key, 'company #' + toString(n.id)))[..10] AS companyNames
}
RETURN c.id AS crawl, seeds, size(nodes) AS nodes,
       size([n IN nodes WHERE n:Domain]) AS domains, size([n IN nodes WHERE n:Company]) AS companies,
       size([n IN nodes WHERE n:Email]) AS emails, size([n IN nodes WHERE n:Phone]) AS phones,
       size([n IN nodes WHERE n:Pivot]) AS pivots, companyNames
ORDER BY nodes DESC, seeds[0]
LIMIT $limit
