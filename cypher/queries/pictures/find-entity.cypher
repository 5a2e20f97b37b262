// picture of: find-entity
// description: The records and pivots found, best connected first (Browser draws the links among them).

// The nodes of the table form themselves (same match, order and limit).
WITH toLower(trim($text)) AS wanted, trim($text) AS exact
MATCH (n)
WHERE (n:Landing OR n:Pivot) AND ($kinds IS NULL OR n.kind IN $kinds)
  AND (toLower(n.key) CONTAINS wanted OR toLower(n.title) CONTAINS wanted OR toLower(n.value) CONTAINS wanted
       OR n.inn = exact OR n.ogrn = exact OR toString(n.id) = exact)
RETURN n
ORDER BY COUNT { (n)-[r]-(:Landing|Pivot) WHERE r.removedAt IS NULL } DESC, n.kind, n.key
LIMIT $limit
