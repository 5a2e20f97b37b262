// Resolve: the pairs an applied decision file accepted or rejected (not proposed again). Pairs set back to pending
// or undone are proposed again. Read only.
MATCH (d:ResolveDecision)
WHERE d.decision IN ['accept', 'reject']
RETURN d.pairId AS pairId
