// Export as of $asOf (ISO date-time): the collected nodes ($ids, one page; all first seen by then), their
// labels and their properties as they were then; `raw` only when $includeRaw, `floats` and the lower-case copies
// as in export/nodes.
// Best effort from what the history keeps (docs/history.md):
// - the answer then: the earliest RecordVersion replaced after $asOf (a copy of every property the node
//   had), else the node itself;
// - a record first fetched after $asOf, or asked for and found missing or failed only after it, was a stub
//   then: identity (kind, id, key), header (title, href, provider, as fetched later) and times only;
// - status: a record gone (404) after $asOf was still fetched then; one gone by then and back after it was
//   missing;
// - what happened after $asOf is left out (goneAt, backAt, changedAt, checkedAt and error, lastErrorAt and
//   lastError); fetchedAt and lastSeenAt become the latest fetch or sighting by then that the graph records
//   (a lower bound).
MATCH (n) WHERE elementId(n) IN $ids
WITH n, datetime($asOf) AS t,
     COLLECT { MATCH (v:RecordVersion)-[:VERSION_OF]->(n) RETURN v ORDER BY v.supersededAt } AS versions
WITH n, t, head([v IN versions WHERE v.supersededAt > t]) AS then,
     // The record's fetches the graph records (its own times and those of its earlier answers): the latest by then.
     reduce(latest = null, x IN reduce(times = [n.fetchedAt, n.firstFetchedAt, n.backAt, n.changedAt], v IN versions |
                                 times + [v.supersededAt, v.fetchedAt, v.backAt, v.changedAt]) |
       CASE WHEN x <= t AND (latest IS NULL OR x > latest) THEN x ELSE latest END) AS fetched
WITH n, t, fetched, CASE WHEN then IS NULL THEN properties(n) ELSE properties(then) END AS p
WITH n, t, p, fetched,
     n:Landing AND (p.firstFetchedAt > t OR (p.firstFetchedAt IS NULL AND p.status IN ['missing', 'failed'] AND p.checkedAt > t)) AS stubThen
WITH n, t, p, fetched, stubThen,
     CASE WHEN p.lastSeenAt <= t THEN p.lastSeenAt
          ELSE reduce(latest = p.firstSeenAt, x IN [fetched, p.checkedAt] | CASE WHEN x <= t AND x > latest THEN x ELSE latest END)
     END AS seen,
     CASE WHEN p.status = 'missing' AND p.goneAt > t THEN 'fetched'
          WHEN p.status = 'fetched' AND p.goneAt <= t AND p.backAt > t THEN 'missing'
          ELSE p.status END AS status
WITH n, CASE WHEN stubThen
  THEN {kind: p.kind, id: p.id, key: p.key, title: p.title, href: p.href, provider: p.provider, status: 'stub',
        firstSeenAt: p.firstSeenAt, lastSeenAt: seen}
  ELSE p {.*, raw: CASE WHEN $includeRaw THEN p.raw END, supersededAt: null, changedFields: null, titleLower: null,
          textLower: null,
          status: status, lastSeenAt: seen, fetchedAt: CASE WHEN p.fetchedAt IS NOT NULL THEN fetched END,
          goneAt: CASE WHEN p.goneAt <= t THEN p.goneAt END, backAt: CASE WHEN p.backAt <= t THEN p.backAt END,
          changedAt: CASE WHEN p.changedAt <= t THEN p.changedAt END,
          checkedAt: CASE WHEN p.checkedAt <= t THEN p.checkedAt END,
          error: CASE WHEN status <> 'fetched' AND p.checkedAt <= t THEN p.error END,
          lastErrorAt: CASE WHEN p.lastErrorAt <= t THEN p.lastErrorAt END,
          lastError: CASE WHEN p.lastErrorAt <= t THEN p.lastError END}
  END AS props
RETURN elementId(n) AS element, labels(n) AS labels, props AS properties,
       [k IN keys(props) WHERE valueType(props[k]) STARTS WITH 'FLOAT' OR valueType(props[k]) STARTS WITH 'LIST<FLOAT'] AS floats
