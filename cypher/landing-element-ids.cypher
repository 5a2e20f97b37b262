// Element ids of Landing nodes by page number, for statements later in the same transaction
// (src/store/element-ids.ts). $refs: [{kind, id}]. A ref with no node is left out.
CYPHER replan=skip
UNWIND $refs AS ref
MATCH (n:Landing {kind: ref.kind, id: ref.id}) USING INDEX SEEK n:Landing(kind, id)
RETURN collect([ref.kind, ref.id, elementId(n)]) AS nodes
