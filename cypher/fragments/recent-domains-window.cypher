// The domains recent-domains shows, as rows of d and created (YYYY-MM-DD): created within $days days up to $asOf
// (today when absent), written YYYY-MM-DD... or DD.MM.YYYY, that lead to a company (a current RELATED or NAMES_COMPANY
// link to one, or a company with the registrant's INN or OGRN), newest first, at most $limit. Shared by the table and
// its picture. Each day of the window is sought in the creation date index (domain_created_at) in both forms: no
// domain outside the window is read, and a text that is no real day (2024-13-45) is in no window. Only a domain in
// the window is asked whether it leads to a company. Not a statement of its own: a statement takes it with the line
// `// include: recent-domains-window`, replaced when the statement is read (readCypherFile, src/store/cypher-files.ts).
WITH coalesce(date($asOf), date()) AS today
UNWIND range(0, $days) AS back
WITH toString(today - duration({days: back})) AS created
WITH created, substring(created, 8, 2) + '.' + substring(created, 5, 2) + '.' + substring(created, 0, 4) AS dotted
CALL (created, dotted) {
  MATCH (d:Domain) WHERE d.createdAt STARTS WITH created RETURN d
  UNION
  MATCH (d:Domain) WHERE d.createdAt STARTS WITH dotted RETURN d
}
WITH d, created
WHERE EXISTS {
  // include: domain-companies domain=d
  RETURN c
}
WITH d, created
ORDER BY created DESC, d.key
LIMIT $limit
