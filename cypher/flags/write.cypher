// Flags: write this run's hits. $flags: [{uid, rule, severity, score, evidence (JSON text), facts (the facts' text,
// for Cypher readers: the query library), element}] (element: the
// flagged record's element id, read in the same transaction); $now: ISO date-time. One :Flag per rule and record
// (uid), linked to it by FLAGS; a flag that had been retired and fires again loses removedAt and notes the return.
// Severity, score and evidence are the latest run's word.
UNWIND $flags AS flag
MATCH (r:Landing) WHERE elementId(r) = flag.element
MERGE (f:Flag {uid: flag.uid})
SET f.returns = CASE WHEN f.removedAt IS NULL THEN f.returns ELSE coalesce(f.returns, []) + datetime($now) END
SET f.rule = flag.rule, f.severity = flag.severity, f.score = flag.score, f.evidence = flag.evidence, f.facts = flag.facts,
    f.computedAt = datetime($now), f.firstSeenAt = coalesce(f.firstSeenAt, datetime($now)), f.lastSeenAt = datetime($now),
    f.removedAt = null
MERGE (f)-[:FLAGS]->(r)
RETURN count(f) AS written
