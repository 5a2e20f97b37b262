// Upsert pivot nodes (src/graph/pivots/model.ts). $rows: PivotRow; $now: ISO date-time. Returns the
// element ids of the pivots, as [kind, key, elementId] triples, for the links (src/store/element-ids.ts).
// One node per (kind, key) (constraint pivot_kind_key). The display value and the person/activity
// facts are the first seen: a later record fills a missing fact but never changes one. The value comes with its
// lower-case copy `valueLower`, and a social profile's key (the only pivot key not lower case: its path keeps its
// case) with `keyLower`, for find-entity's text indexes (cypher/fragments/found-by-text.cypher).
// The kind's label comes from the fixed table below, never from data; an unknown kind fails the statement.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
UNWIND $rows AS row
MERGE (p:Pivot {kind: row.kind, key: row.key})
  ON CREATE SET p.value = row.value, p.valueLower = toLower(row.value), p.firstSeenAt = datetime($now),
                p.keyLower = CASE WHEN row.kind = 'socialProfile' THEN toLower(row.key) END
SET p:$(CASE row.kind WHEN 'ip' THEN 'IP' WHEN 'nameServer' THEN 'NameServer' WHEN 'mailServer' THEN 'MailServer'
                      WHEN 'registrar' THEN 'Registrar' WHEN 'technology' THEN 'Technology' WHEN 'person' THEN 'Person'
                      WHEN 'address' THEN 'Address' WHEN 'socialProfile' THEN 'SocialProfile'
                      WHEN 'activity' THEN 'Activity' END),
    p.lastSeenAt = datetime($now), p.name = coalesce(p.name, row.name), p.inn = coalesce(p.inn, row.inn),
    p.ogrn = coalesce(p.ogrn, row.ogrn)
RETURN collect([row.kind, row.key, elementId(p)]) AS pivots
