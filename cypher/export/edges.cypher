// Export: the current relationships (without `removedAt`) from the nodes $from (one page of the collected
// nodes) to any collected node ($ids), with their properties; `floats` as in export/nodes. As of a past
// time: export/edges-as-of.
MATCH (a) WHERE elementId(a) IN $from
MATCH (a)-[r]->(b)
WHERE elementId(b) IN $ids AND r.removedAt IS NULL
RETURN elementId(a) AS from, elementId(b) AS to, type(r) AS type, properties(r) AS properties,
       [k IN keys(r) WHERE valueType(r[k]) STARTS WITH 'FLOAT' OR valueType(r[k]) STARTS WITH 'LIST<FLOAT'] AS floats
