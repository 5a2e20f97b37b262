// Before fetched records are written: where the new answer differs from the stored one (raw text), keep
// the stored state as a (:RecordVersion)-[:VERSION_OF]->(record), a copy of the node's properties with
// `supersededAt` and `changedFields` (the names in $fields whose value differs; empty when only raw
// differs). $rows: [{node, kind, id, raw, values: {field: value or null}, or values null for an answer that
// broke the schema (nothing to compare)}], node the element id of a record that holds a stored answer
// (src/store/graph-writer.ts looks them up first and sends no other); $fields: header and analyst property names; $now: ISO
// date-time. Returns how many versions were kept.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): the records are found by element id
// (a direct read), never by a scan, so the first commit's plan stays right.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (n:Landing) WHERE elementId(n) = row.node
WITH n, row
WHERE n.raw IS NOT NULL AND n.raw <> row.raw
WITH n, CASE WHEN row.values IS NULL THEN []
            ELSE [f IN $fields WHERE NOT (n[f] IS NULL AND row.values[f] IS NULL) AND NOT coalesce(n[f] = row.values[f], false)]
       END AS changed
CREATE (v:RecordVersion)-[:VERSION_OF]->(n)
SET v = properties(n), v.supersededAt = datetime($now), v.changedFields = changed
SET n.changedAt = CASE WHEN size(changed) > 0 THEN datetime($now) ELSE n.changedAt END
RETURN count(v) AS versions
