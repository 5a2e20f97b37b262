// Element ids of Landing nodes by page number, for statements later in the same transaction
// (src/store/element-ids.ts). $refs: [{kind, id, answer}]; answer true asks whether the node holds a stored
// answer (raw), read only for those refs. A ref with no node is left out. A read: its seeks take no lock.
CYPHER replan=skip
UNWIND $refs AS ref
MATCH (n:Landing {kind: ref.kind, id: ref.id}) USING INDEX SEEK n:Landing(kind, id)
RETURN collect([ref.kind, ref.id, elementId(n)]) AS nodes,
       collect(CASE WHEN ref.answer AND n.raw IS NOT NULL THEN elementId(n) END) AS answered
