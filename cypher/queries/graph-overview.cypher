// title: Graph overview
// description: What the graph holds: landing records per label with their statuses, pivots per label, crawls per
// description: status and crawl tasks per state, relationships per type with their lists (the current ones), and
// description: the history kept beside them: relationships a later fetch no longer had (removed, per type) and
// description: earlier answers of records (RecordVersion). Which pivots link several records: hubs and shared-*.
// columns: section, name, count, breakdown

// A census that stays quick on a big graph: the totals come from Neo4j's count store (a count of one label, or of one
// relationship type towards one label, is read, not counted: hence `WITH count(..)` alone, before any other column),
// the breakdowns from index entries, and nothing reads every relationship. Labels and types are the graph's fixed
// ones (docs/graph.md), one branch each.
CALL () {
  CALL () {
    MATCH (n:Domain) WITH count(n) AS total RETURN 'Domain' AS name, total
    UNION ALL
    MATCH (n:Company) WITH count(n) AS total RETURN 'Company' AS name, total
    UNION ALL
    MATCH (n:Email) WITH count(n) AS total RETURN 'Email' AS name, total
    UNION ALL
    MATCH (n:Phone) WITH count(n) AS total RETURN 'Phone' AS name, total
    UNION ALL
    MATCH (n:Branch) WITH count(n) AS total RETURN 'Branch' AS name, total
  }
  WITH collect({name: name, total: total}) AS totals
  // Statuses from the status index (landing_status): each record's labels are read, never its properties.
  CALL () {
    MATCH (n:Landing) WHERE n.status IS NOT NULL
    WITH [l IN labels(n) WHERE l <> 'Landing'][0] AS name, n.status AS status, count(*) AS c
    RETURN collect({name: name, status: status, c: c}) AS statuses
  }
  UNWIND totals AS t
  WITH t, [s IN statuses WHERE s.name = t.name] AS own
  WITH t, own, t.total - reduce(n = 0, s IN own | n + s.c) AS none
  WHERE t.total > 0
  UNWIND own + CASE WHEN none > 0 THEN [{status: 'none', c: none}] ELSE [] END AS s
  WITH t, s ORDER BY s.c DESC, s.status
  RETURN 1 AS part, 'records' AS section, t.name AS name, t.total AS count, collect(s.status + ' ' + toString(s.c)) AS breakdown
  UNION ALL
  CALL () {
    MATCH (p:IP) WITH count(p) AS c RETURN 'IP' AS name, c
    UNION ALL
    MATCH (p:NameServer) WITH count(p) AS c RETURN 'NameServer' AS name, c
    UNION ALL
    MATCH (p:MailServer) WITH count(p) AS c RETURN 'MailServer' AS name, c
    UNION ALL
    MATCH (p:Registrar) WITH count(p) AS c RETURN 'Registrar' AS name, c
    UNION ALL
    MATCH (p:Technology) WITH count(p) AS c RETURN 'Technology' AS name, c
    UNION ALL
    MATCH (p:Person) WITH count(p) AS c RETURN 'Person' AS name, c
    UNION ALL
    MATCH (p:Address) WITH count(p) AS c RETURN 'Address' AS name, c
    UNION ALL
    MATCH (p:SocialProfile) WITH count(p) AS c RETURN 'SocialProfile' AS name, c
    UNION ALL
    MATCH (p:Activity) WITH count(p) AS c RETURN 'Activity' AS name, c
  }
  WITH name, c WHERE c > 0
  RETURN 2 AS part, 'pivots' AS section, name, c AS count, [] AS breakdown
  UNION ALL
  MATCH (c:Crawl)
  WITH coalesce(c.status, 'none') AS status, count(*) AS c
  ORDER BY c DESC, status
  RETURN 3 AS part, 'crawls' AS section, 'Crawl' AS name, sum(c) AS count, collect(status + ' ' + toString(c)) AS breakdown
  UNION ALL
  // Every task has its crawl, state and depth from its first write (crawl-create, frontier-complete): the queue's index
  // holds each one's state.
  MATCH (t:CrawlTask) USING INDEX t:CrawlTask(crawlId, state, depth)
  WHERE t.crawlId IS NOT NULL AND t.state IS NOT NULL AND t.depth IS NOT NULL
  WITH t.state AS state, count(*) AS c
  ORDER BY c DESC, state
  RETURN 3 AS part, 'crawls' AS section, 'CrawlTask' AS name, sum(c) AS count, collect(state + ' ' + toString(c)) AS breakdown
  UNION ALL
  // The relationships of records' answers, per type, and per list where a type has lists: a list is its type towards
  // one kind of record (relatedDomains: RELATED to a Domain; src/graph/map-record.ts).
  CALL () {
    MATCH ()-[r:RELATED]->(:Domain) WITH count(r) AS c RETURN 'RELATED' AS type, 'relatedDomains' AS list, c
    UNION ALL
    MATCH ()-[r:RELATED]->(:Company) WITH count(r) AS c RETURN 'RELATED' AS type, 'relatedCompanies' AS list, c
    UNION ALL
    MATCH ()-[r:RELATED]->(:Email) WITH count(r) AS c RETURN 'RELATED' AS type, 'relatedEmails' AS list, c
    UNION ALL
    MATCH ()-[r:RELATED]->(:Phone) WITH count(r) AS c RETURN 'RELATED' AS type, 'relatedPhones' AS list, c
    UNION ALL
    MATCH ()-[r:RELATED]->(:Branch) WITH count(r) AS c RETURN 'RELATED' AS type, 'relatedBranches' AS list, c
    UNION ALL
    MATCH ()-[r:SIMILAR]->(:Domain) WITH count(r) AS c RETURN 'SIMILAR' AS type, 'similarDomains' AS list, c
    UNION ALL
    MATCH ()-[r:SIMILAR]->(:Company) WITH count(r) AS c RETURN 'SIMILAR' AS type, 'similarCompanies' AS list, c
    UNION ALL
    MATCH ()-[r:COMPETITOR]->(:Domain) WITH count(r) AS c RETURN 'COMPETITOR' AS type, 'competitorDomains' AS list, c
    UNION ALL
    MATCH ()-[r:COMPETITOR]->(:Company) WITH count(r) AS c RETURN 'COMPETITOR' AS type, 'competitorCompanies' AS list, c
    UNION ALL
    MATCH ()-[r:LISTS_CONTACT]->() WITH count(r) AS c RETURN 'LISTS_CONTACT' AS type, null AS list, c
    UNION ALL
    MATCH ()-[r:NAMES_COMPANY]->() WITH count(r) AS c RETURN 'NAMES_COMPANY' AS type, null AS list, c
    UNION ALL
    MATCH ()-[r:RESOLVES_TO]->() WITH count(r) AS c RETURN 'RESOLVES_TO' AS type, null AS list, c
    UNION ALL
    MATCH ()-[r:USES_NAME_SERVER]->() WITH count(r) AS c RETURN 'USES_NAME_SERVER' AS type, null AS list, c
    UNION ALL
    MATCH ()-[r:USES_MAIL_SERVER]->() WITH count(r) AS c RETURN 'USES_MAIL_SERVER' AS type, null AS list, c
    UNION ALL
    MATCH ()-[r:REGISTERED_WITH]->() WITH count(r) AS c RETURN 'REGISTERED_WITH' AS type, null AS list, c
    UNION ALL
    MATCH ()-[r:USES_TECHNOLOGY]->() WITH count(r) AS c RETURN 'USES_TECHNOLOGY' AS type, null AS list, c
    UNION ALL
    MATCH ()-[r:HAS_OFFICER]->() WITH count(r) AS c RETURN 'HAS_OFFICER' AS type, null AS list, c
    UNION ALL
    MATCH ()-[r:REGISTERED_AT]->() WITH count(r) AS c RETURN 'REGISTERED_AT' AS type, null AS list, c
    UNION ALL
    MATCH ()-[r:HAS_PROFILE]->() WITH count(r) AS c RETURN 'HAS_PROFILE' AS type, null AS list, c
    UNION ALL
    MATCH ()-[r:HAS_ACTIVITY]->() WITH count(r) AS c RETURN 'HAS_ACTIVITY' AS type, null AS list, c
  }
  WITH collect({type: type, list: list, c: c}) AS stored
  // The count store counts removed relationships too. Only retire-unseen removes one, and it marks the record it
  // starts from with changedAt, so the removed ones are found from the changed records (landing_changed_at).
  CALL () {
    MATCH (a:Landing) WHERE a.changedAt IS NOT NULL
    // types: stated
    MATCH (a)-[r:RELATED|SIMILAR|COMPETITOR|LISTS_CONTACT|NAMES_COMPANY|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|REGISTERED_WITH|USES_TECHNOLOGY|HAS_OFFICER|REGISTERED_AT|HAS_PROFILE|HAS_ACTIVITY]->()
    WHERE r.removedAt IS NOT NULL
    WITH type(r) AS type, r.list AS list, count(*) AS c
    RETURN collect({type: type, list: list, c: c}) AS removed
  }
  CALL (stored, removed) {
    UNWIND stored AS s
    WITH s.type AS name, s.list AS list,
         s.c - reduce(n = 0, x IN [y IN removed WHERE y.type = s.type AND coalesce(y.list, '') = coalesce(s.list, '')] | n + x.c) AS c
    ORDER BY c DESC, list
    WITH name, sum(c) AS count, collect(CASE WHEN list IS NOT NULL AND c > 0 THEN list + ' ' + toString(c) END) AS breakdown
    WHERE count > 0
    RETURN 4 AS part, 'relationships' AS section, name, count, breakdown
    UNION ALL
    UNWIND removed AS x
    WITH x.type AS type, sum(x.c) AS c
    ORDER BY c DESC, type
    RETURN 5 AS part, 'history' AS section, 'removed relationships' AS name, sum(c) AS count,
           collect(type + ' ' + toString(c)) AS breakdown
  }
  RETURN part, section, name, count, breakdown
  UNION ALL
  MATCH (v:RecordVersion)-[:VERSION_OF]->(n:Landing)
  RETURN 5 AS part, 'history' AS section, 'RecordVersion' AS name, count(v) AS count,
         ['of records ' + toString(count(DISTINCT n))] AS breakdown
}
RETURN section, name, count, breakdown
ORDER BY part, count DESC, name
