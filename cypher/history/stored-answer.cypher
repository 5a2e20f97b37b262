// The stored answer (raw text) of one task's record, if still valid and fetched at or after $notBefore.
// $task: {kind, id, key} (id or key null); $notBefore: ISO date-time.
OPTIONAL MATCH (byId:Landing {kind: $task.kind, id: $task.id}) USING INDEX SEEK byId:Landing(kind, id)
OPTIONAL MATCH (byKey:Landing {kind: $task.kind, key: $task.key}) USING INDEX SEEK byKey:Landing(kind, key)
WITH coalesce(byId, byKey) AS n
WHERE n.status = 'fetched' AND n.schemaError IS NULL AND n.raw IS NOT NULL AND n.fetchedAt >= datetime($notBefore)
RETURN n.raw AS raw
