// title: Graph overview
// description: What the graph holds: landing records per label with their statuses, pivots per label, crawls per
// description: status and crawl tasks per state, relationships per type with their lists (the current ones), and
// description: the history kept beside them: relationships a later fetch no longer had (removed, per type) and
// description: earlier answers of records (RecordVersion). Which pivots link several records: hubs and shared-*.
// columns: section, name, count, breakdown

// A census that stays quick on a big graph: the totals come from Neo4j's count store (a COUNT of a bare pattern, one
// label or one relationship type towards one label, no variable and no WHERE, is read, not counted), the breakdowns
// from index entries, and nothing reads every relationship. Labels and types are the graph's fixed ones
// (docs/graph.md), one COUNT each: a list of them plans faster than a UNION branch per total.
CALL () {
  WITH [
    {name: 'Domain', total: COUNT { (:Domain) }},
    {name: 'Company', total: COUNT { (:Company) }},
    {name: 'Email', total: COUNT { (:Email) }},
    {name: 'Phone', total: COUNT { (:Phone) }},
    {name: 'Branch', total: COUNT { (:Branch) }}
  ] AS totals
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
  UNWIND [
    {name: 'IP', c: COUNT { (:IP) }},
    {name: 'NameServer', c: COUNT { (:NameServer) }},
    {name: 'MailServer', c: COUNT { (:MailServer) }},
    {name: 'Registrar', c: COUNT { (:Registrar) }},
    {name: 'Technology', c: COUNT { (:Technology) }},
    {name: 'Person', c: COUNT { (:Person) }},
    {name: 'Address', c: COUNT { (:Address) }},
    {name: 'SocialProfile', c: COUNT { (:SocialProfile) }},
    {name: 'Activity', c: COUNT { (:Activity) }}
  ] AS p
  WITH p WHERE p.c > 0
  RETURN 2 AS part, 'pivots' AS section, p.name AS name, p.c AS count, [] AS breakdown
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
  WITH [
    {type: 'RELATED', list: 'relatedDomains', c: COUNT { ()-[:RELATED]->(:Domain) }},
    {type: 'RELATED', list: 'relatedCompanies', c: COUNT { ()-[:RELATED]->(:Company) }},
    {type: 'RELATED', list: 'relatedEmails', c: COUNT { ()-[:RELATED]->(:Email) }},
    {type: 'RELATED', list: 'relatedPhones', c: COUNT { ()-[:RELATED]->(:Phone) }},
    {type: 'RELATED', list: 'relatedBranches', c: COUNT { ()-[:RELATED]->(:Branch) }},
    {type: 'SIMILAR', list: 'similarDomains', c: COUNT { ()-[:SIMILAR]->(:Domain) }},
    {type: 'SIMILAR', list: 'similarCompanies', c: COUNT { ()-[:SIMILAR]->(:Company) }},
    {type: 'COMPETITOR', list: 'competitorDomains', c: COUNT { ()-[:COMPETITOR]->(:Domain) }},
    {type: 'COMPETITOR', list: 'competitorCompanies', c: COUNT { ()-[:COMPETITOR]->(:Company) }},
    {type: 'LISTS_CONTACT', list: null, c: COUNT { ()-[:LISTS_CONTACT]->() }},
    {type: 'NAMES_COMPANY', list: null, c: COUNT { ()-[:NAMES_COMPANY]->() }},
    {type: 'RESOLVES_TO', list: null, c: COUNT { ()-[:RESOLVES_TO]->() }},
    {type: 'USES_NAME_SERVER', list: null, c: COUNT { ()-[:USES_NAME_SERVER]->() }},
    {type: 'USES_MAIL_SERVER', list: null, c: COUNT { ()-[:USES_MAIL_SERVER]->() }},
    {type: 'REGISTERED_WITH', list: null, c: COUNT { ()-[:REGISTERED_WITH]->() }},
    {type: 'USES_TECHNOLOGY', list: null, c: COUNT { ()-[:USES_TECHNOLOGY]->() }},
    {type: 'HAS_OFFICER', list: null, c: COUNT { ()-[:HAS_OFFICER]->() }},
    {type: 'REGISTERED_AT', list: null, c: COUNT { ()-[:REGISTERED_AT]->() }},
    {type: 'HAS_PROFILE', list: null, c: COUNT { ()-[:HAS_PROFILE]->() }},
    {type: 'HAS_ACTIVITY', list: null, c: COUNT { ()-[:HAS_ACTIVITY]->() }}
  ] AS stored
  // The count store counts removed relationships too. Only retire-unseen removes one, and it marks the record it
  // starts from with changedAt, so the removed ones are found from the changed records (landing_changed_at) or
  // through each type's index on removedAt (cypher/schema.cypher), whichever the planner expects to hold fewer.
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
