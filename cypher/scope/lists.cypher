// Scope (src/store/scope.ts, docs/scope.md): one hop of the ball of `<seeds> --depth N`, the records a crawl of the
// seeds to depth N fetches. The Landing nodes the $frontier records list (their OUTGOING list relationships: what a
// crawl follows, `--follow related,similar,competitor`) whose kind is one of $kinds (the kinds with an endpoint,
// LANDING_KINDS: a branch is listed, never fetched) and not in $seen, at most $limit of them. Directed: a record
// that lists a frontier record is not reached (the crawl follows a record's own lists only). Pivots, history
// (RecordVersion) and crawl bookkeeping are never reached. Which relationships count:
// - $removed true: removed ones too (a change report: a record dropped from a list in the window is a change of
//   it); else $asOf null: the current state, relationships without `removedAt`; else (an ISO date-time) the
//   relationships that existed then (docs/history.md), to records first seen by then.
MATCH (a:Landing) WHERE elementId(a) IN $frontier
// types: lists
MATCH (a)-[r:RELATED|SIMILAR|COMPETITOR]->(b:Landing)
WHERE b.kind IN $kinds AND NOT elementId(b) IN $seen
  AND CASE WHEN $removed THEN true
           WHEN $asOf IS NULL THEN r.removedAt IS NULL
           ELSE r.firstSeenAt <= datetime($asOf) AND b.firstSeenAt <= datetime($asOf)
                AND size([x IN coalesce(r.removals, []) WHERE x <= datetime($asOf)])
                    = size([x IN coalesce(r.returns, []) WHERE x <= datetime($asOf)]) END
RETURN DISTINCT elementId(b) AS element
LIMIT $limit
