// Screen: write this run's hits of list $list as evidence. $hits: [{element (the company's or person's element id,
// read in this run), entityId, schema, caption, topics, datasets, how, property, value, score, variants}]; $file, the
// list file's name; $listDate, its date (ISO); $now, ISO date-time. One :ListEntry per list and entity (only the
// matched ones: the list is never copied), linked from the record by LISTED_AS; a hit that had been retired and is
// found again loses removedAt and notes the return. `new` says whether the link was first seen now.
UNWIND $hits AS hit
MATCH (r) WHERE elementId(r) = hit.element
MERGE (e:ListEntry {list: $list, entityId: hit.entityId})
SET e.schema = hit.schema, e.caption = hit.caption, e.topics = hit.topics, e.datasets = hit.datasets, e.file = $file,
    e.listDate = datetime($listDate), e.firstSeenAt = coalesce(e.firstSeenAt, datetime($now)), e.lastSeenAt = datetime($now)
MERGE (r)-[l:LISTED_AS]->(e)
WITH hit, l, l.firstSeenAt IS NULL AS new
SET l.returns = CASE WHEN l.removedAt IS NULL THEN l.returns ELSE coalesce(l.returns, []) + datetime($now) END
SET l.how = hit.how, l.property = hit.property, l.value = hit.value, l.score = hit.score, l.variants = hit.variants,
    l.firstSeenAt = coalesce(l.firstSeenAt, datetime($now)), l.lastSeenAt = datetime($now), l.removedAt = null
RETURN count(l) AS written, sum(CASE WHEN new THEN 1 ELSE 0 END) AS new
