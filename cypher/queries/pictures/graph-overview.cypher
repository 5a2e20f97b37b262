// picture of: graph-overview
// description: A sample of what the graph holds: three current links of each relationship type (so every kind of record and pivot shows), the three latest crawls and crawl tasks, and three earlier answers of records (RecordVersion).

// One branch per relationship type of the graph (docs/graph.md), so each is read through its own type; the sample
// is the first links found, not a choice. Removed relationships, counted by the table form, are not drawn.
CALL () {
  MATCH p = ()-[r:RELATED]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:SIMILAR]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:COMPETITOR]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:LISTS_CONTACT]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:NAMES_COMPANY]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:RESOLVES_TO]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:USES_NAME_SERVER]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:USES_MAIL_SERVER]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:REGISTERED_WITH]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:USES_TECHNOLOGY]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:HAS_OFFICER]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:REGISTERED_AT]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:HAS_PROFILE]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  MATCH p = ()-[r:HAS_ACTIVITY]->() WHERE r.removedAt IS NULL RETURN p LIMIT 3
  UNION ALL
  // Crawls and their tasks have no links: drawn alone, as paths of length 0.
  MATCH p = (c:Crawl) RETURN p ORDER BY c.startedAt DESC LIMIT 3
  UNION ALL
  MATCH p = (:CrawlTask) RETURN p LIMIT 3
  UNION ALL
  MATCH p = (:RecordVersion)-[:VERSION_OF]->(:Landing) RETURN p LIMIT 3
}
RETURN p
