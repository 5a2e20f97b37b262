// After fetched records and their links are written: a list entry, pivot link or block link of one of
// them that this fetch did not see again (lastSeenAt older than $now) is kept with `removedAt`, the
// date-time also appended to `removals`; the record gets `changedAt`. Nothing is deleted. $records:
// [{kind, id}] of records fetched and valid in this commit; $now: ISO date-time. Relationship types are
// the fixed list below.
// Planned once and kept (README, "Plans of the commit statements"): every lookup is an index seek by
// hint (USING INDEX SEEK), so the plan made on a new graph's first commit is still right on a big one.
CYPHER replan=skip
UNWIND $records AS rec
MATCH (a:Landing {kind: rec.kind, id: rec.id}) USING INDEX SEEK a:Landing(kind, id)
MATCH (a)-[r:RELATED|SIMILAR|COMPETITOR|LISTS_CONTACT|NAMES_COMPANY|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|REGISTERED_WITH|USES_TECHNOLOGY|HAS_OFFICER|REGISTERED_AT|HAS_PROFILE|HAS_ACTIVITY|AT_DOMAIN]->()
WHERE r.removedAt IS NULL AND r.lastSeenAt < datetime($now)
SET r.removedAt = datetime($now), r.removals = coalesce(r.removals, []) + datetime($now)
SET a.changedAt = datetime($now)
RETURN count(r) AS removed
