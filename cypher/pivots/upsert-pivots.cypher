// Upsert pivot nodes (src/graph/pivots/model.ts). $rows: PivotRow; $now: ISO date-time.
// One node per (kind, key) (constraint pivot_kind_key). The display value and the person/activity
// facts are the first seen: a later record fills a missing fact but never changes one.
// Labels come from this fixed table only.
UNWIND $rows AS row
MERGE (p:Pivot {kind: row.kind, key: row.key})
  ON CREATE SET p.value = row.value, p.firstSeenAt = datetime($now)
SET p.lastSeenAt = datetime($now), p.name = coalesce(p.name, row.name), p.inn = coalesce(p.inn, row.inn),
    p.ogrn = coalesce(p.ogrn, row.ogrn)
FOREACH (_ IN CASE WHEN row.kind = 'ip' THEN [1] ELSE [] END | SET p:IP)
FOREACH (_ IN CASE WHEN row.kind = 'nameServer' THEN [1] ELSE [] END | SET p:NameServer)
FOREACH (_ IN CASE WHEN row.kind = 'mailServer' THEN [1] ELSE [] END | SET p:MailServer)
FOREACH (_ IN CASE WHEN row.kind = 'registrar' THEN [1] ELSE [] END | SET p:Registrar)
FOREACH (_ IN CASE WHEN row.kind = 'technology' THEN [1] ELSE [] END | SET p:Technology)
FOREACH (_ IN CASE WHEN row.kind = 'person' THEN [1] ELSE [] END | SET p:Person)
FOREACH (_ IN CASE WHEN row.kind = 'address' THEN [1] ELSE [] END | SET p:Address)
FOREACH (_ IN CASE WHEN row.kind = 'socialProfile' THEN [1] ELSE [] END | SET p:SocialProfile)
FOREACH (_ IN CASE WHEN row.kind = 'activity' THEN [1] ELSE [] END | SET p:Activity)
