// picture of: find-entity
// description: The records and pivots found, best connected first (Browser draws the links among them).

// The nodes of the table form themselves (same match, order and limit).
WITH toLower(trim($text)) AS wanted, trim($text) AS exact
// include: found-by-text
WITH n
WHERE (n:Landing OR n:Pivot) AND ($kinds IS NULL OR n.kind IN $kinds)
RETURN n
ORDER BY COUNT { (n)-[r]-(:Landing|Pivot) WHERE r.removedAt IS NULL } DESC, n.kind, n.key
LIMIT $limit
