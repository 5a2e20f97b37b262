// Upsert landing nodes known only by natural key: seeds asked for by key that came back missing or
// failed, or served without a usable page number. $rows: NodeRow without id; $now: ISO date-time.
UNWIND $rows AS row
OPTIONAL MATCH (known:Landing {kind: row.kind, key: row.key})
WITH row, known
WHERE known IS NULL OR known.id IS NULL
MERGE (n:Landing {kind: row.kind, key: row.key})
  ON CREATE SET n.status = row.status, n.firstSeenAt = datetime($now)
SET n.lastSeenAt = datetime($now), n.status = row.status, n.error = row.error, n.checkedAt = datetime($now),
    n.raw = coalesce(row.raw, n.raw), n += row.props
FOREACH (_ IN CASE WHEN row.kind = 'domain' THEN [1] ELSE [] END | SET n:Domain)
FOREACH (_ IN CASE WHEN row.kind = 'company' THEN [1] ELSE [] END | SET n:Company)
FOREACH (_ IN CASE WHEN row.kind = 'email' THEN [1] ELSE [] END | SET n:Email)
FOREACH (_ IN CASE WHEN row.kind = 'phone' THEN [1] ELSE [] END | SET n:Phone)
