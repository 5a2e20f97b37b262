// picture of: neighbourhood
// description: The start record and one shortest route to each record and pivot within the hops, nearest first; hub pivots and hub records are drawn but not walked through.

// The routes of the table form themselves (same walk, same order and limit): together they draw the neighbourhood
// as a tree around the start.
MATCH (start:Landing {kind: $kind})
WHERE start.key = $key OR start.key = toLower(trim($key)) OR start.id = $id
// Breadth-first, one shortest route per node reached; a hub is never the source of a hop. Hop counts cannot
// be parameters: one branch per value of $hops, and only the branch of the given value runs. A pivot's degree
// counts its current links; read only when all its links exceed the limit, and then at most limit + 1 of them.
CALL (start) {
  WITH start WHERE $hops = 1
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT (coalesce(a.hub, false) OR (a:Pivot AND COUNT { (a)--() } > $maxPivotDegree AND COUNT { MATCH (a)-[x]-(:Landing|Pivot) WHERE x.removedAt IS NULL RETURN x LIMIT $maxPivotDegree + 1 } > $maxPivotDegree)))){1,1} (n)
  RETURN p, n
  UNION ALL
  WITH start WHERE $hops = 2
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT (coalesce(a.hub, false) OR (a:Pivot AND COUNT { (a)--() } > $maxPivotDegree AND COUNT { MATCH (a)-[x]-(:Landing|Pivot) WHERE x.removedAt IS NULL RETURN x LIMIT $maxPivotDegree + 1 } > $maxPivotDegree)))){1,2} (n)
  RETURN p, n
  UNION ALL
  WITH start WHERE $hops = 3
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT (coalesce(a.hub, false) OR (a:Pivot AND COUNT { (a)--() } > $maxPivotDegree AND COUNT { MATCH (a)-[x]-(:Landing|Pivot) WHERE x.removedAt IS NULL RETURN x LIMIT $maxPivotDegree + 1 } > $maxPivotDegree)))){1,3} (n)
  RETURN p, n
  UNION ALL
  WITH start WHERE $hops = 4
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT (coalesce(a.hub, false) OR (a:Pivot AND COUNT { (a)--() } > $maxPivotDegree AND COUNT { MATCH (a)-[x]-(:Landing|Pivot) WHERE x.removedAt IS NULL RETURN x LIMIT $maxPivotDegree + 1 } > $maxPivotDegree)))){1,4} (n)
  RETURN p, n
}
WITH start, p, n
WHERE n <> start
RETURN p
ORDER BY length(p), [l IN labels(n) WHERE NOT l IN ['Landing', 'Pivot']][0],
         coalesce(n.value, CASE WHEN n:Company OR n:Branch THEN n.title END, n.key, n.title, n.kind + ' #' + toString(n.id))
LIMIT $limit
