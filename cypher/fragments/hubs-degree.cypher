// The current degree of `n`: the store's count of its links of every type that joins two records or pivots (one
// read for a node of any size; src/graph/relationship-groups.ts `degree`), less those among them a later answer no
// longer had (`removed`, from cypher/fragments/hubs-removed-links.cypher). An expression, not a statement: a
// statement takes it with a line `// include: hubs-degree n=<var> removed=<var>`.
// variables: n removed
// types: degree
COUNT { (n)-[:RELATED|SIMILAR|COMPETITOR|LISTS_CONTACT|NAMES_COMPANY|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|REGISTERED_WITH|USES_TECHNOLOGY|HAS_OFFICER|REGISTERED_AT|HAS_PROFILE|HAS_ACTIVITY|AT_DOMAIN|SAME_AS]-() }
  - reduce(gone = 0, x IN removed | gone + CASE WHEN x.of = n THEN x.links ELSE 0 END)
