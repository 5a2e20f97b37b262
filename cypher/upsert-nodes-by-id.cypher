// Upsert landing nodes known by page number. $rows: NodeRow (src/graph/model.ts); $now: ISO date-time
// (row.fetchedAt, when given, is when a loaded answer was fetched: a load is not a fetch).
// A fetch writes everything (row.props carries null for each analyst property its answer lacks, which
// removes it); a stub fills only a stub (never what a fetch wrote); missing/failed never erase fetched
// data: failed notes the error, missing (404) marks the record gone. A title comes with its lower-case copy
// `titleLower` (find-entity's text index: cypher/fragments/found-by-text.cypher). Returns the element ids of the
// nodes as [kind, id, elementId] triples (src/store/element-ids.ts) and how many rows met a key conflict.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): a node is found by element id (row.node)
// or by a lookup that names its index as a seek (USING INDEX SEEK), so no plan, however stale its statistics, scans for a node: a plain USING INDEX is also
// met by a scan of the whole index, which a plan made where the statistics said that index was empty chose
// (the orphan lookup below, for every row of every commit after).
// The kind's label comes from the fixed table below, never from data; an unknown kind fails the statement.
CYPHER replan=skip
UNWIND $rows AS row
// row.node: the element id landing-element-ids found earlier in this transaction (a read, without locks); a
// node found so is written without another lookup. Checked, so that anything else takes the MERGE below.
OPTIONAL MATCH (candidate:Landing) WHERE elementId(candidate) = row.node
WITH row, CASE WHEN candidate.kind = row.kind AND candidate.id = row.id THEN candidate END AS found
CALL (row, found) {
  WITH found WHERE found IS NOT NULL
  RETURN found AS n
  UNION ALL
  WITH row, found WHERE found IS NULL
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
    ON CREATE SET n:$(CASE row.kind WHEN 'domain' THEN 'Domain' WHEN 'company' THEN 'Company' WHEN 'email' THEN 'Email'
                                    WHEN 'phone' THEN 'Phone' WHEN 'branch' THEN 'Branch' END),
                  n.status = row.status, n.firstSeenAt = datetime($now)
  RETURN n
}
// The node's lock first (this write), then what it holds: the changes are computed from what it held.
SET n.lastSeenAt = datetime($now)
WITH n, row, n.status AS current, row.props AS props
// One map of changes per row, one SET (a null removes the property): each SET clause of its own made the
// planner buffer all rows between them (Eager).
SET n += CASE
  // A fetch writes everything; a record that had gone (404 after a fetch; it kept its data) is back.
  WHEN row.status = 'fetched' THEN props {.*, error: props.error, schemaError: props.schemaError, status: 'fetched',
    title: row.title, titleLower: toLower(row.title), href: row.href, provider: row.provider, raw: row.raw,
    fetchedAt: datetime(coalesce(row.fetchedAt, $now)),
    firstFetchedAt: coalesce(n.firstFetchedAt, n.fetchedAt, datetime(coalesce(row.fetchedAt, $now))),
    backAt: CASE WHEN current <> 'missing' THEN n.backAt WHEN n.raw IS NOT NULL THEN datetime($now) ELSE n.backAt END}
  // A stub fills only a stub, never what a fetch wrote.
  WHEN row.status = 'stub' AND current = 'stub' THEN props {.*, title: coalesce(row.title, n.title),
    titleLower: toLower(coalesce(row.title, n.title)),
    href: coalesce(row.href, n.href), provider: coalesce(row.provider, n.provider), raw: coalesce(row.raw, n.raw)}
  WHEN row.status = 'stub' THEN {}
  // Missing or failed never erase fetched data: failed notes the error, missing marks the record gone.
  WHEN current <> 'fetched' THEN {status: row.status, error: row.error, checkedAt: datetime($now)}
  WHEN row.status = 'missing' THEN {status: 'missing', goneAt: datetime($now), error: row.error, checkedAt: datetime($now)}
  ELSE {lastError: row.error, lastErrorAt: datetime($now)}
END
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
