// Resolve: undo what a decision file applied. $undo: [{pairId, decision, entry}] (decision: the file's word on
// the pair; entry: the history line, JSON text). Only a pair whose current decision is the file's is undone: a
// file cannot undo what another file decided since (nor a pending line anything);
// $now: ISO date-time. The pair's SAME_AS is removed (it is derived from the decision); its (:ResolveDecision)
// stays, as decision 'undone' with the entry appended to its history, so the undo is auditable and the pair is
// proposed again. Undoing twice changes nothing.
UNWIND $undo AS u
MATCH (rd:ResolveDecision {pairId: u.pairId})
WHERE rd.decision <> 'undone' AND rd.decision = u.decision
WITH u, rd, rd.decision AS before
SET rd.decision = 'undone', rd.decidedAt = datetime($now), rd.history = rd.history + u.entry
WITH u, rd, before
CALL (rd) {
  MATCH ()-[s:SAME_AS {pairId: rd.pairId}]->()
  DELETE s
}
RETURN rd.pairId AS pairId, before
