// Export: the relationships from the nodes $from (one page of the collected nodes) to any collected node
// ($ids), with their properties; `floats` as in export/nodes.
MATCH (a) WHERE elementId(a) IN $from
MATCH (a)-[r]->(b)
WHERE elementId(b) IN $ids
RETURN elementId(a) AS from, elementId(b) AS to, type(r) AS type, properties(r) AS properties,
       [k IN keys(r) WHERE valueType(r[k]) STARTS WITH 'FLOAT' OR valueType(r[k]) STARTS WITH 'LIST<FLOAT'] AS floats
