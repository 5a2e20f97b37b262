// Resolve: apply a decision file. $decisions: [{pairId, decision, rule, score, aRef, bRef, a, b, by, note, entry}]
// with a, b the element ids of the sides (find-sides.cypher; null when not in the graph, never for 'accept');
// `entry` is the history line (JSON text) recorded when the decision changes; $now: ISO date-time.
// One (:ResolveDecision {pairId}) per decided pair keeps the decision, its sides' refs and its history (a pending
// line for a pair never decided leaves no trace). 'accept' keeps one (a)-[:SAME_AS {pairId, rule, score,
// decidedAt, by, note}]->(b); any other decision removes it. Applying the same file again changes nothing.
UNWIND $decisions AS d
OPTIONAL MATCH (known:ResolveDecision {pairId: d.pairId})
WITH d, known
WHERE known IS NOT NULL OR d.decision <> 'pending'
MERGE (rd:ResolveDecision {pairId: d.pairId})
  ON CREATE SET rd.history = [], rd.decision = 'none'
WITH d, rd, rd.decision AS before
WITH d, rd, before, before <> d.decision AS changed
SET rd.decision = d.decision, rd.rule = d.rule, rd.score = d.score, rd.a = d.aRef, rd.b = d.bRef,
    rd.by = d.by, rd.note = d.note,
    rd.decidedAt = CASE WHEN changed THEN datetime($now) ELSE rd.decidedAt END,
    rd.history = CASE WHEN changed THEN rd.history + d.entry ELSE rd.history END
WITH d, rd, before
CALL (d, rd) {
  WITH d, rd
  WHERE d.decision = 'accept'
  MATCH (a) WHERE elementId(a) = d.a
  MATCH (b) WHERE elementId(b) = d.b
  MERGE (a)-[s:SAME_AS {pairId: d.pairId}]->(b)
  SET s.rule = d.rule, s.score = d.score, s.decidedAt = rd.decidedAt, s.by = d.by, s.note = d.note
}
CALL (d) {
  WITH d
  WHERE d.decision <> 'accept'
  MATCH ()-[s:SAME_AS {pairId: d.pairId}]->()
  DELETE s
}
RETURN d.pairId AS pairId, before, d.decision AS after
