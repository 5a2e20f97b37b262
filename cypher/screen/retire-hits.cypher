// Screen: retire the hits of list $list that this run ($now, ISO date-time) did not find again: the link is kept,
// with removedAt, the date-time also appended to removals; nothing is deleted. Returns what was retired, for the
// summary.
MATCH (r)-[l:LISTED_AS]->(e:ListEntry {list: $list})
WHERE l.removedAt IS NULL AND l.lastSeenAt < datetime($now)
SET l.removedAt = datetime($now), l.removals = coalesce(l.removals, []) + datetime($now)
RETURN CASE WHEN r:Person THEN 'person' ELSE 'company' END AS kind, r.key AS key, coalesce(r.title, r.name) AS name,
       e.entityId AS entityId, e.caption AS caption, e.topics AS topics, l.property AS property, l.value AS value
ORDER BY key, entityId
