// The hubs: the $limit records and pivots (of $kinds, when given) with the most current links, at least $minDegree,
// as rows `n, removedOfN, degree` in order (most links first, then kind and key), where `removedOfN` holds the removed
// links read for it (cypher/fragments/hubs-removed-links.cypher) and `degree` its current links (hubs-degree). The
// table form and the picture of the hubs query both start so. Clauses, not a statement: a statement takes them with a
// line `// include: hubs-top`.
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
