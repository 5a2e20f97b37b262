// Upsert stub rows known by page number: the records a fetched record lists (most rows of a commit).
// $rows: NodeRow (src/graph/model.ts) with status 'stub'; $now: ISO date-time. The same rules as
// upsert-nodes-by-id.cypher for a stub, without its FOREACH chain (each FOREACH that writes what a later
// one reads cost an Eager, about ten per statement): a stub fills only a stub, never what a fetch wrote;
// a node known so far only by this key gets the page number; a key another node holds is a conflict,
// noted on this node. Returns how many rows met a key conflict.
// Planned once and kept (README, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
// The kind's label comes from the fixed table below, never from data; an unknown kind fails the statement.
CYPHER replan=skip
UNWIND $rows AS row
CALL (row) {
  WITH row WHERE row.key IS NOT NULL
  OPTIONAL MATCH (orphan:Landing {kind: row.kind, key: row.key}) USING INDEX SEEK orphan:Landing(kind, key)
  WITH row, orphan WHERE orphan IS NOT NULL AND orphan.id IS NULL
  OPTIONAL MATCH (held:Landing {kind: row.kind, id: row.id}) USING INDEX SEEK held:Landing(kind, id)
  WITH row, orphan, held WHERE held IS NULL
  SET orphan.id = row.id
}
MERGE (n:Landing {kind: row.kind, id: row.id})
  ON CREATE SET n.status = 'stub', n.firstSeenAt = datetime($now)
SET n:$(CASE row.kind WHEN 'domain' THEN 'Domain' WHEN 'company' THEN 'Company' WHEN 'email' THEN 'Email'
                      WHEN 'phone' THEN 'Phone' WHEN 'branch' THEN 'Branch' END),
    n.lastSeenAt = datetime($now)
WITH n, row, n.status = 'stub' AS stub
SET n += CASE WHEN stub THEN row.props ELSE {} END,
    n.title = CASE WHEN stub THEN coalesce(row.title, n.title) ELSE n.title END,
    n.href = CASE WHEN stub THEN coalesce(row.href, n.href) ELSE n.href END,
    n.provider = CASE WHEN stub THEN coalesce(row.provider, n.provider) ELSE n.provider END,
    n.raw = CASE WHEN stub THEN coalesce(row.raw, n.raw) ELSE n.raw END
WITH n, row
WHERE row.key IS NOT NULL AND n.key IS NULL
OPTIONAL MATCH (holder:Landing {kind: row.kind, key: row.key}) USING INDEX SEEK holder:Landing(kind, key)
WITH n, row, holder IS NULL AS free
SET n.key = CASE WHEN free THEN row.key ELSE n.key END,
    n.keyConflict = CASE WHEN free THEN null ELSE row.key END
RETURN count(CASE WHEN free THEN null ELSE 1 END) AS conflicts
