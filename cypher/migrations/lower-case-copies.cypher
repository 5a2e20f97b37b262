// Migration, run with the schema at the first start of a writing command on a graph written before the lower-case
// copies existed (src/store/schema.ts): the nodes whose internal ids are in [$from, $to) get a record's `titleLower`
// and a pivot's `textLower`, as their writers set them now (cypher/upsert-nodes-by-id.cypher,
// cypher/pivots/upsert-pivots.cypher). Internal ids, sought as a list, go through every node once, a batch a
// transaction; deprecated as identifiers, they serve here only as that cursor, within one run. Returns how many
// nodes got a copy.
MATCH (n) WHERE id(n) IN range($from, $to - 1)
WITH n WHERE (n:Landing AND n.title IS NOT NULL) OR n:Pivot
SET n.titleLower = CASE WHEN n:Landing THEN toLower(n.title) END,
    n.textLower = CASE WHEN n:Pivot THEN toLower(n.key + '\n' + coalesce(n.value, '')) END
RETURN count(n) AS copied
