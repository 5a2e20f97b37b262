// Migration, run with the schema at every start of a writing command (src/store/schema.ts); a no-op once done.
// Graphs written before roles became one link each had one HAS_OFFICER per (record, officer) with `roles`, a
// list that only grew. Each such link becomes one link per role it names, with all its other properties and
// history (firstSeenAt, lastSeenAt, removedAt, removals, returns, via, posts); the old link is removed. Roles
// that ended before this migration cannot be told apart from current ones: the next fetch of the record retires
// them (cypher/history/retire-unseen.cypher). A link without roles keeps role 'unstated'.
MATCH (a)-[old:HAS_OFFICER]->(p)
WHERE old.role IS NULL
UNWIND CASE WHEN size(coalesce(old.roles, [])) = 0 THEN ['unstated'] ELSE old.roles END AS role
CREATE (a)-[r:HAS_OFFICER]->(p)
SET r = properties(old), r.role = role, r.roles = null
WITH DISTINCT old
DELETE old
RETURN count(old) AS migrated
