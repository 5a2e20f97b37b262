// picture of: hubs
// description: The most connected records and pivots, each with up to 10 of its current links, so that what each hub joins shows.

// The hubs of the table form (same filter, degree rule, order and limit); a hub with no current link is drawn alone.
MATCH (n)
WHERE (n:Landing OR n:Pivot) AND ($kinds IS NULL OR n.kind IN $kinds)
// The degree counts current links only (read one by one); all links (a count the store keeps) bound it.
  AND COUNT { (n)--() } >= $minDegree
WITH n, COUNT { (n)-[r]-(:Landing|Pivot) WHERE r.removedAt IS NULL } AS degree
WHERE degree >= $minDegree
ORDER BY degree DESC, n.kind, n.key
LIMIT $limit
RETURN n AS hub, COLLECT { MATCH p = (n)-[r]-(:Landing|Pivot) WHERE r.removedAt IS NULL RETURN p LIMIT 10 } AS links
ORDER BY degree DESC, n.kind, n.key
