// Networks: the evidence of common control of the records in scope, one row per identifier with the members in
// scope it ties. $scope: 'all' (every domain, company, e-mail and phone), 'nodes' (the Landing nodes whose element
// ids are $elementIds, as the walk from the seeds found them) or 'crawl' (the records crawl $crawlId fetched:
// its CrawlTasks in state 'done'). $weights: EVIDENCE_WEIGHTS of src/network/model.ts. Current state only:
// relationships with removedAt are history, not evidence. `shared` counts the records tied to the identifier,
// in the whole graph (the identifier itself when it is a record) or in scope when more, so a hub is a hub
// whatever the scope. A hub (shared > $maxShared) comes with its members only when $hubMembers (the case file
// names the hubs a network touches; `networks` reports only their counts); an identifier of one member in scope
// that is no hub ties nothing and is left out. `members` may repeat a member (one entry per link, in the order
// read; the reader keeps the strongest weight), `weights` is parallel to it.
// Never evidence: SIMILAR, COMPETITOR, REGISTERED_WITH, USES_TECHNOLOGY, HAS_ACTIVITY, HAS_PROFILE, RELATED other
// than between a Domain and a Company. Read only.
// include: evidence-links
WITH i, evidenceKind, collect({member: m, weight: weight}) AS links, count(DISTINCT m) AS inScope
// An identifier of one member in scope is evidence only as a hub, and a node with fewer links than $maxShared has
// fewer holders than that (hub-size counts its holders, and itself when it is a record): its holders are not counted.
WHERE inScope >= 2 OR COUNT { (i)--() } >= $maxShared
WITH i, evidenceKind, links, inScope,
     // include: hub-size shared=i holder=x link=r
     AS inGraph
WITH i, evidenceKind, links, inScope, CASE WHEN inGraph > inScope THEN inGraph ELSE inScope END AS shared
WHERE inScope >= 2 OR shared > $maxShared
WITH i, evidenceKind, shared, CASE WHEN shared > $maxShared AND NOT $hubMembers THEN [] ELSE links END AS links
RETURN evidenceKind, coalesce(i.key, '#' + toString(i.id)) AS evidenceKey, shared,
       [link IN links | {kind: link.member.kind, id: link.member.id, key: link.member.key}] AS members, [link IN links | link.weight] AS weights
