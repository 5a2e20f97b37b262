// Export (FollowTheMoney): the officer roles of the companies $from (one page of the collected nodes) that had
// ended by $asOf (null: now), which the other statements leave out: a HAS_OFFICER link with more removals than
// returns by then (docs/history.md), with the officer (the walk may not reach it) and `endedAt`, its last
// removal by then. Officer properties are the few the mapping names; never `raw`.
MATCH (c:Company) WHERE elementId(c) IN $from
MATCH (c)-[r:HAS_OFFICER]->(o)
WITH c, r, o, CASE WHEN $asOf IS NULL THEN null ELSE datetime($asOf) END AS t
WITH c, r, o, t,
     [x IN coalesce(r.removals, []) WHERE t IS NULL OR x <= t] AS removals,
     [x IN coalesce(r.returns, []) WHERE t IS NULL OR x <= t] AS returns
WHERE size(removals) > size(returns) AND (t IS NULL OR r.firstSeenAt <= t)
RETURN elementId(c) AS from, elementId(o) AS to, labels(o) AS labels,
       o {.kind, .key, .id, .value, .name, .title, .fullName, .shortName, .inn, .ogrn, .status} AS node,
       r {.role, .posts, .firstSeenAt, endedAt: removals[size(removals) - 1]} AS properties
