// The links of `nodes` that a later answer no longer had (`removedAt`), which the store's counts still count, as
// `removed` ([{of, type, links}]): per node and type. Only retire-unseen removes a link, and it marks the record it
// starts from with `changedAt`: they are read from those records (landing_changed_at) or through each type's index
// on removedAt (cypher/schema.cypher), whichever the planner expects to hold fewer, never from a hub's own links.
// A CALL clause, not a statement: a statement takes it with a line
// `// include: hubs-removed-links nodes=<var> removed=<var>`.
// variables: nodes removed
CALL (nodes) {
  MATCH (a:Landing) WHERE a.changedAt IS NOT NULL
  // types: stated + AT_DOMAIN
  MATCH (a)-[r:RELATED|SIMILAR|COMPETITOR|LISTS_CONTACT|NAMES_COMPANY|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|REGISTERED_WITH|USES_TECHNOLOGY|HAS_OFFICER|REGISTERED_AT|HAS_PROFILE|HAS_ACTIVITY|AT_DOMAIN]->(b)
  WHERE r.removedAt IS NOT NULL
  // A record that lists itself has one link to itself, counted once.
  UNWIND CASE WHEN a = b THEN [a] ELSE [a, b] END AS linked
  WITH linked, type(r) AS type, count(*) AS links
  WHERE linked IN nodes
  RETURN collect({of: linked, type: type, links: links}) AS removed
}
