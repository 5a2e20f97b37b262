// picture of: red-flags
// description: Each current flag as a red node on the record it flags, with that record's current links to the records the facts name.

// The flags of the table form (same filters, order and limit), each with its record.
MATCH p = (f:Flag)-[:FLAGS]->(r:Landing)
WHERE f.removedAt IS NULL AND ($rule IS NULL OR f.rule = $rule) AND ($severity IS NULL OR f.severity = $severity)
WITH p, f, r
ORDER BY f.score DESC, f.rule, r.key
LIMIT $limit
RETURN p
