// Export: the collected nodes ($ids, one page), their labels and properties. `raw` (the record's JSON text,
// large) only when $includeRaw; never the lower-case copies of titles, values and keys (derived, for find-entity).
// `floats` names the properties stored as floats (or lists of them), which the driver would hand over as plain
// numbers indistinguishable from integers.
MATCH (n) WHERE elementId(n) IN $ids
RETURN elementId(n) AS element, labels(n) AS labels,
       CASE WHEN $includeRaw THEN n {.*, titleLower: null, textLower: null}
            ELSE n {.*, raw: null, titleLower: null, textLower: null} END AS properties,
       [k IN keys(n) WHERE valueType(n[k]) STARTS WITH 'FLOAT' OR valueType(n[k]) STARTS WITH 'LIST<FLOAT'] AS floats
