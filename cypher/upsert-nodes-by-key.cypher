// Upsert landing nodes known only by natural key: seeds asked for by key that came back missing or
// failed, records served without a usable page number, and entities named inside blocks (stubs).
// $rows: NodeRow with id null; $now: ISO date-time. Same precedence, plans and label table as
// upsert-nodes-by-id (branches have no key, so no Branch here), a title with its lower-case copy as there.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
UNWIND $rows AS row
MERGE (n:Landing {kind: row.kind, key: row.key})
  ON CREATE SET n.status = row.status, n.firstSeenAt = datetime($now)
SET n:$(CASE row.kind WHEN 'domain' THEN 'Domain' WHEN 'company' THEN 'Company' WHEN 'email' THEN 'Email'
                      WHEN 'phone' THEN 'Phone' END),
    n.lastSeenAt = datetime($now)
WITH n, row, n.status AS current
FOREACH (_ IN CASE WHEN row.status = 'fetched' THEN [1] ELSE [] END |
  SET n += row.props, n.status = 'fetched', n.raw = row.raw, n.fetchedAt = datetime(coalesce(row.fetchedAt, $now)))
FOREACH (_ IN CASE WHEN row.status = 'stub' AND current = 'stub' THEN [1] ELSE [] END |
  SET n += row.props, n.title = coalesce(row.title, n.title), n.titleLower = toLower(coalesce(row.title, n.title)))
FOREACH (_ IN CASE WHEN row.status IN ['missing', 'failed'] AND current <> 'fetched' THEN [1] ELSE [] END |
  SET n.status = row.status, n.error = row.error, n.checkedAt = datetime($now))
