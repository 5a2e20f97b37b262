// rule: competitors-share-control
// severity: high
// description: Two companies the service lists as competitors that share an officer, a registration address, a
// description: phone or an e-mail: possibly one owner bidding against itself (bid rigging).
// threshold: maxShared hub  An identifier shared by more records than this ties nothing (a hub, as in `networks`:
// threshold: identifiers of control hold up to 16 records at p99.9 of the 20,000-record sandbox, shell signals 59+).
// Hits: each company (in $scope, or every one when null) with a current COMPETITOR relationship (either way) to another
// company with which it shares a current officer, address, phone or e-mail that is not a hub; neither company is a
// hub itself (cypher/fragments/hub-size.cypher, as in `networks`). Score: 0.6 for one shared identifier, +0.2 for
// each more, at most 1. `shared`: when the company has one such rival, the pair, so that the two read as one finding.
MATCH (c:Company)-[k:COMPETITOR]-(o:Company)
WHERE k.removedAt IS NULL AND c <> o AND ($scope IS NULL OR elementId(c) IN $scope)
WITH DISTINCT c, o
MATCH (c)-[r1:HAS_OFFICER|REGISTERED_AT|LISTS_CONTACT]->(i)<-[r2:HAS_OFFICER|REGISTERED_AT|LISTS_CONTACT]-(o)
WHERE r1.removedAt IS NULL AND r2.removedAt IS NULL AND (i:Person OR i:Address OR i:Phone OR i:Email OR i:Company)
// A hub record ties nothing either: a company listing hundreds of contacts shares one with everybody. Judged on the
// few pairs that share something, not on every pair of competitors.
WITH DISTINCT c, o, i
WHERE
  // include: hub-bounded shared=c holder=h link=k
  <= $maxShared
  AND
  // include: hub-bounded shared=o holder=h link=k
  <= $maxShared
// Each identifier's hub size once, not once per pair that shares it (a nominee sits in hundreds of pairs).
WITH i, collect(DISTINCT [c, o]) AS pairs
WHERE
// include: hub-bounded shared=i holder=h link=l
<= $maxShared
UNWIND pairs AS pair
WITH pair[0] AS c, pair[1] AS o, i
WITH c, o, collect(DISTINCT CASE WHEN i:Person THEN 'officer ' + coalesce(i.name, i.value, i.key)
                                 WHEN i:Address THEN 'address ' + coalesce(i.value, i.key)
                                 WHEN i:Company THEN 'founder company ' + coalesce(i.title, i.key)
                                 ELSE i.kind + ' ' + i.key END) AS found
// In one order, rivals by key, so that the same graph gives the same evidence however the rows came.
WITH c, o, COLLECT { UNWIND found AS x RETURN x ORDER BY x } AS shared
ORDER BY coalesce(o.key, '#' + toString(o.id))
WITH c, collect({o: o, shared: shared}) AS rivals
// A company with one rival shares the finding with it: the pair, in key order, is one finding, not two lines.
WITH c, rivals, CASE WHEN size(rivals) = 1 THEN rivals[0] END AS only
WITH c, rivals, only,
     CASE WHEN only IS NULL THEN null
          WHEN coalesce(c.key, '#' + toString(c.id)) < coalesce(only.o.key, '#' + toString(only.o.id)) THEN [c, only.o]
          ELSE [only.o, c] END AS pair
RETURN elementId(c) AS element, c.kind AS kind, c.id AS id, c.key AS key, c.title AS title,
       CASE WHEN 0.4 + 0.2 * reduce(n = 0, r IN rivals | n + size(r.shared)) > 1.0 THEN 1.0
            ELSE 0.4 + 0.2 * reduce(n = 0, r IN rivals | n + size(r.shared)) END AS score,
       [r IN rivals | {fact: 'listed as a competitor of ' + coalesce(r.o.title, r.o.key) + ', yet shares '
                             + reduce(s = '', x IN r.shared | s + CASE WHEN s = '' THEN '' ELSE '; ' END + x),
                       records: [{kind: r.o.kind, id: r.o.id, key: r.o.key, title: r.o.title}]}] AS evidence,
       CASE WHEN pair IS NOT NULL THEN
         {kind: 'competitors',
          key: reduce(s = '', x IN pair | s + CASE WHEN s = '' THEN '' ELSE ' ' END + coalesce(x.key, '#' + toString(x.id))),
          name: coalesce(pair[0].title, pair[0].key) + ' and ' + coalesce(pair[1].title, pair[1].key),
          fact: coalesce(pair[0].title, pair[0].key) + ' and ' + coalesce(pair[1].title, pair[1].key)
                + ', listed as competitors, share '
                + reduce(s = '', x IN COLLECT { UNWIND only.shared AS y RETURN y ORDER BY y }
                         | s + CASE WHEN s = '' THEN '' ELSE '; ' END + x)}
       END AS shared
