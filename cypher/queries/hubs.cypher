// title: Hubs by degree
// description: The most connected records and pivots, with their links per type and, for records the crawl did not
// description: expand fully, the lists that were too long. Hubs join unrelated entities: keep them in mind when
// description: reading paths and shared values.
// param: kinds list optional in=domain|company|email|phone|branch|ip|nameServer|mailServer|registrar|technology|person|address|socialProfile|activity  Only these kinds (comma-separated); all when absent
// param: minDegree integer default 2 min=0  Leave out nodes with fewer links
// param: limit integer default 25 min=1  Most rows
// columns: label, name, key, degree, links, longLists
CALL () {
  // The current degree is at most the count of all links, which the store keeps per node. So the first $limit nodes
  // by that count give a floor: the true top $limit all have at least that many current links, hence at least that
  // many links. One pass over the nodes keeps the most linked in order; when the last one kept is below the floor,
  // every node that can reach it was kept, and no second pass is needed.
  MATCH (n)
  WHERE (n:Landing OR n:Pivot) AND ($kinds IS NULL OR n.kind IN $kinds)
  WITH n, COUNT { (n)--() } AS links
  WHERE links >= $minDegree
  ORDER BY links DESC
  LIMIT 10 * $limit
  WITH collect({n: n, links: links}) AS ranked
  // The removed links of the nodes kept, read once for all of them.
  WITH ranked, [x IN ranked | x.n] AS kept
  // include: hubs-removed-links nodes=kept removed=removed
  UNWIND ranked[0..$limit] AS x
  WITH ranked, removed, x.n AS n
  WITH ranked, removed,
       // include: hubs-degree n=n removed=removed
       AS degree
  WITH ranked, removed, min(degree) AS least
  WITH ranked, removed, coalesce(least, 0) AS floor
  RETURN ranked, removed, CASE WHEN floor > $minDegree THEN floor ELSE $minDegree END AS atLeast,
         size(ranked) < 10 * $limit OR last(ranked).links < floor AS complete
}
CALL (ranked, removed, atLeast, complete) {
  WITH ranked, removed, atLeast WHERE complete
  UNWIND ranked AS x
  WITH x.n AS n, removed WHERE x.links >= atLeast
  RETURN n, removed AS removedOfN
  UNION ALL
  WITH atLeast, complete WHERE NOT complete
  // In a subquery of its own, so that the scan runs only when asked for; the removed links of what it finds are read
  // again.
  CALL (atLeast) {
    MATCH (n)
    WHERE (n:Landing OR n:Pivot) AND ($kinds IS NULL OR n.kind IN $kinds) AND COUNT { (n)--() } >= atLeast
    RETURN collect(n) AS found
  }
  // include: hubs-removed-links nodes=found removed=removedOfFound
  UNWIND found AS n
  RETURN n, removedOfFound AS removedOfN
}
WITH n, removedOfN,
     // include: hubs-degree n=n removed=removedOfN
     AS degree
WHERE degree >= $minDegree
ORDER BY degree DESC, n.kind, n.key
LIMIT $limit
// include: hubs-links-by-type n=n removed=removedOfN
RETURN [l IN labels(n) WHERE NOT l IN ['Landing', 'Pivot']][0] AS label,
       coalesce(n.value, n.title, n.key, n.kind + ' #' + toString(n.id)) AS name,
       coalesce(n.key, '#' + toString(n.id)) AS key,
       degree, [t IN byType | t.type + ' ' + toString(t.links)] AS links,
       [i IN range(0, size(coalesce(n.cutLists, [])) - 1) | n.cutLists[i] + coalesce(' ' + toString(n.cutListLengths[i]), '')] AS longLists
ORDER BY degree DESC, label, key
