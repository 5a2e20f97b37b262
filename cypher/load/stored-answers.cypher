// The answers a graph holds, for `landing-graph load --from-graph`: fetched records of one kind with their
// raw text, by page number after $after (keyset paging), at most $limit. $kind: a landing kind.
// Ordered as the (kind, id) index is, so that the index gives the records in order from $after and a page reads
// about $limit of them: ordered by id alone, every record of the kind left was read (its raw text included) and
// sorted for each page, 11 s a page of domains at a million records.
MATCH (n:Landing {kind: $kind}) USING INDEX n:Landing(kind, id)
WHERE n.id > $after AND n.status = 'fetched' AND n.raw IS NOT NULL
RETURN n.id AS id, n.raw AS raw, toString(n.fetchedAt) AS fetchedAt
ORDER BY n.kind, n.id
LIMIT $limit
