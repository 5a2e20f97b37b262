// The current links of `n` to records and pivots, per type, most first, as `byType` ([{type, links}]): the store's
// count of its links of each type that joins two records or pivots, less the removed ones, as
// cypher/fragments/hubs-degree.cypher counts them all. A CALL clause, not a statement: a statement takes it with a
// line `// include: hubs-links-by-type n=<var> removed=<var>`.
// variables: n removed
CALL (n, removed) {
  UNWIND [
    {type: 'RELATED', links: COUNT { (n)-[:RELATED]-() }},
    {type: 'SIMILAR', links: COUNT { (n)-[:SIMILAR]-() }},
    {type: 'COMPETITOR', links: COUNT { (n)-[:COMPETITOR]-() }},
    {type: 'LISTS_CONTACT', links: COUNT { (n)-[:LISTS_CONTACT]-() }},
    {type: 'NAMES_COMPANY', links: COUNT { (n)-[:NAMES_COMPANY]-() }},
    {type: 'RESOLVES_TO', links: COUNT { (n)-[:RESOLVES_TO]-() }},
    {type: 'USES_NAME_SERVER', links: COUNT { (n)-[:USES_NAME_SERVER]-() }},
    {type: 'USES_MAIL_SERVER', links: COUNT { (n)-[:USES_MAIL_SERVER]-() }},
    {type: 'REGISTERED_WITH', links: COUNT { (n)-[:REGISTERED_WITH]-() }},
    {type: 'USES_TECHNOLOGY', links: COUNT { (n)-[:USES_TECHNOLOGY]-() }},
    {type: 'HAS_OFFICER', links: COUNT { (n)-[:HAS_OFFICER]-() }},
    {type: 'REGISTERED_AT', links: COUNT { (n)-[:REGISTERED_AT]-() }},
    {type: 'HAS_PROFILE', links: COUNT { (n)-[:HAS_PROFILE]-() }},
    {type: 'HAS_ACTIVITY', links: COUNT { (n)-[:HAS_ACTIVITY]-() }},
    {type: 'AT_DOMAIN', links: COUNT { (n)-[:AT_DOMAIN]-() }},
    {type: 'SAME_AS', links: COUNT { (n)-[:SAME_AS]-() }}
  ] AS t
  WITH t.type AS type,
       t.links - reduce(gone = 0, x IN removed | gone + CASE WHEN x.of = n AND x.type = t.type THEN x.links ELSE 0 END) AS links
  WHERE links > 0
  ORDER BY links DESC, type
  RETURN collect({type: type, links: links}) AS byType
}
