// Before fetched records are written: where the new answer differs from the stored one (raw text), keep
// the stored state as a (:RecordVersion)-[:VERSION_OF]->(record), a copy of the node's properties with
// `supersededAt` and `changedFields` (the names in $fields whose value differs; empty when only raw
// differs). $rows: [{kind, id, raw, values: {field: value or null}, or values null for an answer that
// broke the schema (nothing to compare)}]; $fields: header and analyst property names; $now: ISO
// date-time. Returns how many versions were kept.
// Planned once and kept (README, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (n:Landing {kind: row.kind, id: row.id}) USING INDEX SEEK n:Landing(kind, id)
WITH n, row
WHERE n.raw IS NOT NULL AND n.raw <> row.raw
WITH n, CASE WHEN row.values IS NULL THEN []
            ELSE [f IN $fields WHERE NOT (n[f] IS NULL AND row.values[f] IS NULL) AND NOT coalesce(n[f] = row.values[f], false)]
       END AS changed
CREATE (v:RecordVersion)-[:VERSION_OF]->(n)
SET v = properties(n), v.supersededAt = datetime($now), v.changedFields = changed
SET n.changedAt = CASE WHEN size(changed) > 0 THEN datetime($now) ELSE n.changedAt END
RETURN count(v) AS versions
