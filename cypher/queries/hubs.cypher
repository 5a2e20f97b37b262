// title: Hubs by degree
// description: The most connected records and pivots, with their links per type and, for records the crawl did not
// description: expand fully, the lists that were too long. Hubs join unrelated entities: keep them in mind when
// description: reading paths and shared values.
// param: kinds list optional in=domain|company|email|phone|branch|ip|nameServer|mailServer|registrar|technology|person|address|socialProfile|activity  Only these kinds (comma-separated); all when absent
// param: minDegree integer default 2 min=0  Leave out nodes with fewer links
// param: limit integer default 25 min=1  Most rows
// columns: label, name, key, degree, links, longLists
CALL () {
  // The current degree (links read one by one) is at most the count of all links, which the store keeps per node.
  // So the first $limit nodes by that count give a floor: the true top $limit all have at least that many current
  // links, hence at least that many links. Only nodes above the floor have their links read.
  MATCH (n)
  WHERE (n:Landing OR n:Pivot) AND ($kinds IS NULL OR n.kind IN $kinds)
  WITH n, COUNT { (n)--() } AS links
  WHERE links >= $minDegree
  ORDER BY links DESC
  LIMIT $limit
  RETURN coalesce(min(COUNT { (n)-[r]-(:Landing|Pivot) WHERE r.removedAt IS NULL }), 0) AS floor
}
MATCH (n)
WHERE (n:Landing OR n:Pivot) AND ($kinds IS NULL OR n.kind IN $kinds)
  AND COUNT { (n)--() } >= CASE WHEN floor > $minDegree THEN floor ELSE $minDegree END
WITH n, COUNT { (n)-[r]-(:Landing|Pivot) WHERE r.removedAt IS NULL } AS degree
WHERE degree >= $minDegree
ORDER BY degree DESC, n.kind, n.key
LIMIT $limit
CALL (n) {
  MATCH (n)-[r]-(:Landing|Pivot)
  WHERE r.removedAt IS NULL
  WITH type(r) AS type, count(*) AS links
  ORDER BY links DESC, type
  RETURN collect(type + ' ' + toString(links)) AS links
}
RETURN [l IN labels(n) WHERE NOT l IN ['Landing', 'Pivot']][0] AS label,
       coalesce(n.value, n.title, n.key, n.kind + ' #' + toString(n.id)) AS name,
       coalesce(n.key, '#' + toString(n.id)) AS key,
       degree, links,
       [i IN range(0, size(coalesce(n.cutLists, [])) - 1) | n.cutLists[i] + coalesce(' ' + toString(n.cutListLengths[i]), '')] AS longLists
ORDER BY degree DESC, label, key
