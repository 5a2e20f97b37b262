// The answers a graph holds, for `landing-graph load --from-graph`: fetched records of one kind with their
// raw text, by page number after $after (keyset paging), at most $limit. $kind: a landing kind.
MATCH (n:Landing {kind: $kind})
WHERE n.id > $after AND n.status = 'fetched' AND n.raw IS NOT NULL
RETURN n.id AS id, n.raw AS raw, toString(n.fetchedAt) AS fetchedAt
ORDER BY n.id
LIMIT $limit
