// Export as of $asOf (ISO date-time): the relationships from the nodes $from (one page of the collected nodes)
// to any collected node ($ids) that existed then (docs/history.md: first seen by then, and as many of its
// removals as of its returns by then), with their properties as of then: no `removedAt`; `removals` and
// `returns` only up to then; a `lastSeenAt` after then becomes the latest sighting by then that the graph
// records: its first sighting, its last return, or the latest fetch of the record it starts from (a link
// that existed then was seen by every fetch of that record), a lower bound when a fetch that brought an
// unchanged answer is forgotten. `via`, `role`, `posts` and `main` are the latest (a role
// that ended is a link of its own, removed by then). `floats` as in
// export/nodes.
MATCH (a) WHERE elementId(a) IN $from
WITH a, datetime($asOf) AS t
// The record's fetches the graph records by then: its own times and those of its earlier answers.
WITH a, t, reduce(latest = null, x IN [a.fetchedAt, a.firstFetchedAt, a.backAt, a.changedAt]
         + COLLECT { MATCH (v:RecordVersion)-[:VERSION_OF]->(a) UNWIND [v.supersededAt, v.fetchedAt, v.backAt, v.changedAt] AS x RETURN x } |
       CASE WHEN x <= t AND (latest IS NULL OR x > latest) THEN x ELSE latest END) AS fetched
MATCH (a)-[r]->(b)
WHERE elementId(b) IN $ids
WITH a, b, r, t, fetched, [x IN coalesce(r.removals, []) WHERE x <= t] AS removals, [x IN coalesce(r.returns, []) WHERE x <= t] AS returns
WHERE r.firstSeenAt <= t AND size(removals) = size(returns)
WITH a, b, r,
     r {.*, removedAt: null,
        removals: CASE WHEN size(removals) > 0 THEN removals END,
        returns: CASE WHEN size(returns) > 0 THEN returns END,
        lastSeenAt: CASE WHEN r.lastSeenAt <= t THEN r.lastSeenAt
                         ELSE reduce(latest = r.firstSeenAt, x IN [last(returns), fetched] | CASE WHEN x > latest THEN x ELSE latest END) END} AS p
RETURN elementId(a) AS from, elementId(b) AS to, type(r) AS type, p AS properties,
       [k IN keys(p) WHERE valueType(p[k]) STARTS WITH 'FLOAT' OR valueType(p[k]) STARTS WITH 'LIST<FLOAT'] AS floats
