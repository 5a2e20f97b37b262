// Upsert pivot nodes (src/graph/pivots/model.ts). $rows: PivotRow; $now: ISO date-time. Returns the
// element ids of the pivots, as [kind, key, elementId] triples, for the links (src/store/element-ids.ts).
// One node per (kind, key) (constraint pivot_kind_key). The display value and the person/activity
// facts are the first seen: a later record fills a missing fact but never changes one. A new pivot gets `textLower`,
// its key and value in lower case as one text (a social profile's key keeps its path's case), for find-entity's
// text index (cypher/fragments/found-by-text.cypher): one index entry a pivot, not one per text.
// The kind's label comes from the fixed table below, never from data; an unknown kind fails the statement.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
UNWIND $rows AS row
MERGE (p:Pivot {kind: row.kind, key: row.key})
  ON CREATE SET p.value = row.value, p.textLower = toLower(row.key + '\n' + coalesce(row.value, '')),
                p.firstSeenAt = datetime($now)
SET p:$(CASE row.kind WHEN 'ip' THEN 'IP' WHEN 'nameServer' THEN 'NameServer' WHEN 'mailServer' THEN 'MailServer'
                      WHEN 'registrar' THEN 'Registrar' WHEN 'technology' THEN 'Technology' WHEN 'person' THEN 'Person'
                      WHEN 'address' THEN 'Address' WHEN 'socialProfile' THEN 'SocialProfile'
                      WHEN 'activity' THEN 'Activity' END),
    p.lastSeenAt = datetime($now), p.name = coalesce(p.name, row.name), p.inn = coalesce(p.inn, row.inn),
    p.ogrn = coalesce(p.ogrn, row.ogrn)
RETURN collect([row.kind, row.key, elementId(p)]) AS pivots
