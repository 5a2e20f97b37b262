// Flags: retire the flags of $rules on records of $scope (element ids, or null for the whole graph) that this run
// ($now, ISO date-time) did not find again: kept, with removedAt, the date-time also appended to removals. Nothing
// is deleted.
MATCH (f:Flag)-[:FLAGS]->(r:Landing)
WHERE f.rule IN $rules AND f.removedAt IS NULL AND f.lastSeenAt < datetime($now)
  AND ($scope IS NULL OR elementId(r) IN $scope)
SET f.removedAt = datetime($now), f.removals = coalesce(f.removals, []) + datetime($now)
RETURN count(f) AS retired
