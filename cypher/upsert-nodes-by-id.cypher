// Upsert landing nodes known by page number. $rows: NodeRow (src/graph/model.ts); $now: ISO date-time.
// A fetch writes everything; a stub fills only a stub (never what a fetch wrote); missing/failed never
// erase fetched data, they only note the error on it.
UNWIND $rows AS row
MERGE (n:Landing {kind: row.kind, id: row.id})
  ON CREATE SET n.status = row.status, n.firstSeenAt = datetime($now)
SET n.lastSeenAt = datetime($now)
FOREACH (_ IN CASE WHEN row.kind = 'domain' THEN [1] ELSE [] END | SET n:Domain)
FOREACH (_ IN CASE WHEN row.kind = 'company' THEN [1] ELSE [] END | SET n:Company)
FOREACH (_ IN CASE WHEN row.kind = 'email' THEN [1] ELSE [] END | SET n:Email)
FOREACH (_ IN CASE WHEN row.kind = 'phone' THEN [1] ELSE [] END | SET n:Phone)
FOREACH (_ IN CASE WHEN row.kind = 'branch' THEN [1] ELSE [] END | SET n:Branch)
WITH n, row, n.status AS current
FOREACH (_ IN CASE WHEN row.status = 'fetched' THEN [1] ELSE [] END |
  REMOVE n.schemaError, n.error
  SET n += row.props, n.status = 'fetched', n.title = row.title, n.href = row.href, n.provider = row.provider,
      n.raw = row.raw, n.fetchedAt = datetime($now))
FOREACH (_ IN CASE WHEN row.status = 'stub' AND current = 'stub' THEN [1] ELSE [] END |
  SET n += row.props, n.title = coalesce(row.title, n.title), n.href = coalesce(row.href, n.href),
      n.provider = coalesce(row.provider, n.provider), n.raw = coalesce(row.raw, n.raw))
FOREACH (_ IN CASE WHEN row.status IN ['missing', 'failed'] AND current <> 'fetched' THEN [1] ELSE [] END |
  SET n.status = row.status, n.error = row.error, n.checkedAt = datetime($now))
FOREACH (_ IN CASE WHEN row.status IN ['missing', 'failed'] AND current = 'fetched' THEN [1] ELSE [] END |
  SET n.lastError = row.error, n.lastErrorAt = datetime($now))
// The natural key: set when new, or when a fetch says otherwise. A node known only by that key (a seed
// that was asked for by key) is replaced by this one; a key held by another page number is a conflict,
// noted on the node instead of breaking the constraint.
WITH n, row
WHERE row.key IS NOT NULL AND (n.key IS NULL OR (row.status = 'fetched' AND n.key <> row.key))
OPTIONAL MATCH (holder:Landing {kind: row.kind, key: row.key})
WITH n, row, holder, holder IS NULL AS free, holder IS NOT NULL AND holder.id IS NULL AS orphan
FOREACH (_ IN CASE WHEN orphan THEN [1] ELSE [] END | DETACH DELETE holder)
FOREACH (_ IN CASE WHEN free OR orphan THEN [1] ELSE [] END | SET n.key = row.key, n.keyConflict = null)
FOREACH (_ IN CASE WHEN NOT (free OR orphan) THEN [1] ELSE [] END | SET n.keyConflict = row.key)
