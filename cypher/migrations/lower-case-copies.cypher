// Migration, run with the schema at the first start of a writing command on a graph written before the lower-case
// copies existed (src/store/schema.ts): the nodes whose internal ids are in [$from, $to) get a record's `titleLower`
// and a pivot's `valueLower` (and a social profile's `keyLower`), as their writers set them now (cypher/upsert-nodes-by-id.cypher,
// cypher/pivots/upsert-pivots.cypher). Internal ids, sought as a list, go through every node once, a batch a
// transaction; deprecated as identifiers, they serve here only as that cursor, within one run. Returns how many
// nodes got a copy.
MATCH (n) WHERE id(n) IN range($from, $to - 1)
WITH n WHERE (n:Landing AND n.title IS NOT NULL) OR (n:Pivot AND (n.value IS NOT NULL OR n:SocialProfile))
SET n.titleLower = CASE WHEN n:Landing THEN toLower(n.title) END,
    n.valueLower = CASE WHEN n:Pivot THEN toLower(n.value) END,
    n.keyLower = CASE WHEN n:SocialProfile THEN toLower(n.key) END
RETURN count(n) AS copied
