// Case file: the names and dates the networks section shows. $refs: [{ref, pivot, kind, id, key}]: a record
// (pivot false: a network member, a seed, or an identifier that is a record) by (kind, id) or (kind, key), the
// other null; an identifier that is a pivot (pivot true: person, address, ip, nameServer, mailServer) by (kind,
// key). Each ref comes back with the node's id and key, its name (a company's title, a pivot's value; null for others, shown by key) and the
// date the timeline shows (a company's registrationDate, a domain's createdAt), all null when the graph does not
// hold it. Read only.
UNWIND $refs AS ref
CALL (ref) {
  OPTIONAL MATCH (n:Landing {kind: ref.kind, id: ref.id})
  WHERE NOT ref.pivot
  RETURN n
  UNION
  OPTIONAL MATCH (n:Landing {kind: ref.kind, key: ref.key})
  WHERE NOT ref.pivot
  RETURN n
  UNION
  OPTIONAL MATCH (n:Pivot {kind: ref.kind, key: ref.key})
  WHERE ref.pivot
  RETURN n
}
WITH ref, head(collect(n)) AS n
RETURN ref.ref AS ref, n.id AS id, n.key AS key,
       CASE WHEN n:Pivot THEN coalesce(n.value, n.name) WHEN n:Company OR n:Branch THEN n.title END AS name,
       toString(coalesce(n.registrationDate, n.createdAt)) AS date
