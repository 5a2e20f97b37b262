// title: Hubs by degree
// description: The most connected records and pivots, with their links per type and, for records the crawl did not
// description: expand fully, the lists that were too long. Hubs join unrelated entities: keep them in mind when
// description: reading paths and shared values.
// param: kinds list optional in=domain|company|email|phone|branch|ip|nameServer|mailServer|registrar|technology|person|address|socialProfile|activity  Only these kinds (comma-separated); all when absent
// param: minDegree integer default 2 min=0  Leave out nodes with fewer links
// param: limit integer default 25 min=1  Most rows
// columns: label, name, key, degree, links, longLists
MATCH (n)
WHERE (n:Landing OR n:Pivot) AND ($kinds IS NULL OR n.kind IN $kinds)
// The degree counts current links only (read one by one); all links (a count the store keeps) bound it.
  AND COUNT { (n)--() } >= $minDegree
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
       [i IN range(0, size(coalesce(n.hubLists, [])) - 1) | n.hubLists[i] + coalesce(' ' + toString(n.hubListLengths[i]), '')] AS longLists
ORDER BY degree DESC, label, key
