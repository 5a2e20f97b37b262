// title: Red flags
// description: The current red flags that `landing-graph flags` wrote (docs/flags.md): per flagged record, the rule,
// description: its severity and score, and the facts that triggered it, highest score first. Run `flags` first.
// param: rule string optional  Only this rule (mass-officer, mass-address, competitors-share-control, registrant-mismatch, ...)
// param: severity string optional in=high|medium|low  Only this severity
// param: limit integer default 50 min=1  Most rows
// columns: severity, rule, score, record, kind, key, facts, since
MATCH (f:Flag)-[:FLAGS]->(r:Landing)
WHERE f.removedAt IS NULL AND ($rule IS NULL OR f.rule = $rule) AND ($severity IS NULL OR f.severity = $severity)
RETURN f.severity AS severity, f.rule AS rule, f.score AS score,
       coalesce(r.title, r.key, r.kind + ' #' + toString(r.id)) AS record, r.kind AS kind, r.key AS key,
       coalesce(f.facts, []) AS facts, toString(f.firstSeenAt) AS since
ORDER BY score DESC, rule, key
LIMIT $limit
