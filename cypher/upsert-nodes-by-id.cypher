// Upsert landing nodes known by page number. $rows: NodeRow (src/graph/model.ts); $now: ISO date-time
// (row.fetchedAt, when given, is when a loaded answer was fetched: a load is not a fetch).
// A fetch writes everything (row.props carries null for each analyst property its answer lacks, which
// removes it); a stub fills only a stub (never what a fetch wrote); missing/failed never erase fetched
// data: failed notes the error, missing (404) marks the record gone. Returns the element ids of the nodes as
// [kind, id, elementId] triples (src/store/element-ids.ts) and how many rows met a key conflict.
// Planned once and kept (README, "Plans of the commit statements"): every lookup names its index as a seek
// (USING INDEX SEEK), so no plan, however stale its statistics, scans for a node: a plain USING INDEX is also
// met by a scan of the whole index, which a plan made where the statistics said that index was empty chose
// (the orphan lookup below, for every row of every commit after).
// The kind's label comes from the fixed table below, never from data; an unknown kind fails the statement.
CYPHER replan=skip
UNWIND $rows AS row
// A node known so far only by this key (a seed asked for by key, a phone named in a block) becomes
// this node: it gets the page number before the MERGE finds it. Each lookup runs only when the one
// before found something (a per-row EXISTS subquery was once planned as an index scan on a small graph
// and kept: a full scan for every row of every commit).
CALL (row) {
  WITH row WHERE row.key IS NOT NULL
  OPTIONAL MATCH (orphan:Landing {kind: row.kind, key: row.key}) USING INDEX SEEK orphan:Landing(kind, key)
  WITH row, orphan WHERE orphan IS NOT NULL AND orphan.id IS NULL
  OPTIONAL MATCH (held:Landing {kind: row.kind, id: row.id}) USING INDEX SEEK held:Landing(kind, id)
  WITH row, orphan, held WHERE held IS NULL
  SET orphan.id = row.id
}
MERGE (n:Landing {kind: row.kind, id: row.id})
  ON CREATE SET n.status = row.status, n.firstSeenAt = datetime($now)
SET n:$(CASE row.kind WHEN 'domain' THEN 'Domain' WHEN 'company' THEN 'Company' WHEN 'email' THEN 'Email'
                      WHEN 'phone' THEN 'Phone' WHEN 'branch' THEN 'Branch' END),
    n.lastSeenAt = datetime($now)
WITH n, row, n.status AS current
FOREACH (_ IN CASE WHEN row.status = 'fetched' THEN [1] ELSE [] END |
  REMOVE n.schemaError, n.error
  // History: a record that had gone (404 after a fetch; it kept its data) is back; the first fetch ever.
  SET n.backAt = CASE WHEN current = 'missing' AND n.raw IS NOT NULL THEN datetime($now) ELSE n.backAt END,
      n.firstFetchedAt = coalesce(n.firstFetchedAt, n.fetchedAt, datetime(coalesce(row.fetchedAt, $now)))
  SET n += row.props, n.status = 'fetched', n.title = row.title, n.href = row.href, n.provider = row.provider,
      n.raw = row.raw, n.fetchedAt = datetime(coalesce(row.fetchedAt, $now)))
FOREACH (_ IN CASE WHEN row.status = 'stub' AND current = 'stub' THEN [1] ELSE [] END |
  SET n += row.props, n.title = coalesce(row.title, n.title), n.href = coalesce(row.href, n.href),
      n.provider = coalesce(row.provider, n.provider), n.raw = coalesce(row.raw, n.raw))
FOREACH (_ IN CASE WHEN row.status IN ['missing', 'failed'] AND current <> 'fetched' THEN [1] ELSE [] END |
  SET n.status = row.status, n.error = row.error, n.checkedAt = datetime($now))
// A fetched record that now answers 404 is gone: it keeps its data (history), its status says so.
FOREACH (_ IN CASE WHEN row.status = 'missing' AND current = 'fetched' THEN [1] ELSE [] END |
  SET n.status = 'missing', n.goneAt = datetime($now), n.error = row.error, n.checkedAt = datetime($now))
FOREACH (_ IN CASE WHEN row.status = 'failed' AND current = 'fetched' THEN [1] ELSE [] END |
  SET n.lastError = row.error, n.lastErrorAt = datetime($now))
// The natural key: set when new, or when a fetch says otherwise. A key another node holds is a
// conflict, noted on this node instead of breaking the constraint (pivots/adopt-key-stubs folds it).
WITH n, row
OPTIONAL CALL (n, row) {
  WITH * WHERE row.key IS NOT NULL AND (n.key IS NULL OR (row.status = 'fetched' AND n.key <> row.key))
  OPTIONAL MATCH (holder:Landing {kind: row.kind, key: row.key}) USING INDEX SEEK holder:Landing(kind, key)
  WITH n, row, holder IS NULL AS free
  SET n.key = CASE WHEN free THEN row.key ELSE n.key END,
      n.keyConflict = CASE WHEN free THEN null ELSE row.key END
  RETURN free
}
RETURN collect([row.kind, row.id, elementId(n)]) AS nodes, count(CASE WHEN free = false THEN 1 END) AS conflicts
