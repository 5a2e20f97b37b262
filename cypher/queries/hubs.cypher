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
  // links, hence at least that many links. Only nodes with that many links have their links read. One pass over
  // the nodes keeps the most linked in order; when the last one kept is below the floor, every node that can reach
  // it was kept, and no second pass is needed.
  MATCH (n)
  WHERE (n:Landing OR n:Pivot) AND ($kinds IS NULL OR n.kind IN $kinds)
  WITH n, COUNT { (n)--() } AS links
  WHERE links >= $minDegree
  ORDER BY links DESC
  LIMIT 10 * $limit
  WITH collect({n: n, links: links}) AS ranked
  // A hub's links are many: each candidate's are read once, per type, and its degree is their sum.
  CALL (ranked) {
    UNWIND ranked[0..$limit] AS x
    WITH x.n AS n
    // include: hubs-links-by-type n=n
    RETURN collect({n: n, byType: byType}) AS counted
  }
  WITH ranked, counted, [c IN counted | reduce(s = 0, t IN c.byType | s + t.links)] AS degrees
  WITH ranked, counted, coalesce(reduce(least = null, d IN degrees | CASE WHEN least IS NULL OR d < least THEN d ELSE least END), 0) AS floor
  RETURN ranked, counted, CASE WHEN floor > $minDegree THEN floor ELSE $minDegree END AS atLeast,
         size(ranked) < 10 * $limit OR last(ranked).links < floor AS complete
}
CALL (ranked, atLeast, complete) {
  WITH ranked, atLeast WHERE complete
  UNWIND ranked AS x
  WITH x.n AS n WHERE x.links >= atLeast
  RETURN n
  UNION ALL
  WITH atLeast, complete WHERE NOT complete
  // In a subquery of its own, so that the scan runs only when asked for.
  CALL (atLeast) {
    MATCH (n)
    WHERE (n:Landing OR n:Pivot) AND ($kinds IS NULL OR n.kind IN $kinds) AND COUNT { (n)--() } >= atLeast
    RETURN n
  }
  RETURN n
}
WITH n, [c IN counted WHERE c.n = n | c.byType][0] AS known
CALL (n, known) {
  WITH known WHERE known IS NOT NULL
  RETURN known AS byType
  UNION ALL
  WITH n WHERE known IS NULL
  // include: hubs-links-by-type n=n
  RETURN byType
}
WITH n, byType, reduce(s = 0, t IN byType | s + t.links) AS degree
WHERE degree >= $minDegree
ORDER BY degree DESC, n.kind, n.key
LIMIT $limit
RETURN [l IN labels(n) WHERE NOT l IN ['Landing', 'Pivot']][0] AS label,
       coalesce(n.value, n.title, n.key, n.kind + ' #' + toString(n.id)) AS name,
       coalesce(n.key, '#' + toString(n.id)) AS key,
       degree, [t IN byType | t.type + ' ' + toString(t.links)] AS links,
       [i IN range(0, size(coalesce(n.cutLists, [])) - 1) | n.cutLists[i] + coalesce(' ' + toString(n.cutListLengths[i]), '')] AS longLists
ORDER BY degree DESC, label, key
