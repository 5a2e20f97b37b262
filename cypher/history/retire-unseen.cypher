// After fetched records and their links are written: a list entry, pivot link or block link of one of
// them that this fetch did not see again (lastSeenAt older than $now) is kept with `removedAt`, the
// date-time also appended to `removals`; the record gets `changedAt`. Nothing is deleted. $records:
// element ids of the records fetched and valid in this commit (written earlier in this transaction);
// $now: ISO date-time. Relationship types are the fixed list below.
// Planned once and kept (docs/design.md, "Plans of the commit statements"): the nodes are found by element id (a
// direct read; src/store/element-ids.ts), never by a scan, so the first commit's plan stays right.
CYPHER replan=skip
UNWIND $records AS rec
MATCH (a:Landing) WHERE elementId(a) = rec
// types: stated + AT_DOMAIN
MATCH (a)-[r:RELATED|SIMILAR|COMPETITOR|LISTS_CONTACT|NAMES_COMPANY|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|REGISTERED_WITH|USES_TECHNOLOGY|HAS_OFFICER|REGISTERED_AT|HAS_PROFILE|HAS_ACTIVITY|AT_DOMAIN]->()
WHERE r.removedAt IS NULL AND r.lastSeenAt < datetime($now)
SET r.removedAt = datetime($now), r.removals = coalesce(r.removals, []) + datetime($now)
SET a.changedAt = datetime($now)
RETURN count(r) AS removed
