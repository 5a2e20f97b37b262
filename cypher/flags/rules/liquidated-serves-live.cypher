// rule: liquidated-serves-live
// severity: high
// description: A liquidated or liquidating company whose phone, e-mail or site is also listed by a live company: the
// description: closed firm's contacts and sites serve another (debts left behind, or a business moved to a clean shell).
// threshold: maxShared hub  A record or identifier whose hub size passes this ties nothing (a webmail box, a call
// threshold: centre, a marketplace, a company listing hundreds of contacts): a hub, as in `networks`, where
// threshold: identifiers of control hold up to 16 records at p99.9 of the 20,000-record sandbox.
// Hits: each company (in $scope, or every one when null) whose status names liquidation ("ликвид", "liquidat") and
// that lists (RELATED or LISTS_CONTACT, current, either way) a phone, e-mail or domain also listed so by a company of
// a known status without those words. A hub ties nothing (cypher/fragments/hub-size.cypher, as in `networks`):
// neither company may be one, nor the contact or site; a webmail domain ($webmailDomains) is no one's site; and a
// contact or site listed so by more than $maxShared companies is not walked (a marketplace). Score: 0.6 + 0.2 for
// each such contact or site, at most 1. One fact per live company.
MATCH (l:Company)
WHERE ($scope IS NULL OR elementId(l) IN $scope) AND toLower(l.companyStatus) =~ '.*(ликвид|liquidat).*'
  AND
  // include: hub-bounded shared=l holder=h link=k
  <= $maxShared
MATCH (l)-[r1:RELATED|LISTS_CONTACT]-(x:Landing)
WHERE r1.removedAt IS NULL AND (x:Phone OR x:Email OR x:Domain) AND NOT (x:Domain AND toLower(x.key) IN $webmailDomains)
WITH DISTINCT l, x
WHERE
  // include: hub-bounded shared=x holder=h link=k
  <= $maxShared
// Counted before the companies are walked: a marketplace site is listed by thousands of companies.
WITH l, x, COLLECT {
  MATCH (x)-[r2:RELATED|LISTS_CONTACT]-(a:Company) WHERE r2.removedAt IS NULL RETURN DISTINCT a
} AS listing
WHERE size(listing) <= $maxShared
UNWIND listing AS a
WITH l, x, a
WHERE a <> l AND a.companyStatus IS NOT NULL AND NOT toLower(a.companyStatus) =~ '.*(ликвид|liquidat).*'
  AND
  // include: hub-bounded shared=a holder=h link=k
  <= $maxShared
WITH l, a, x ORDER BY x.kind, x.key
WITH l, a, collect(x) AS served ORDER BY size(served) DESC, a.key
WITH l, collect({a: a, served: served}) AS lives
WITH l, lives, reduce(n = 0, v IN lives | n + size(v.served)) AS items
RETURN elementId(l) AS element, l.kind AS kind, l.id AS id, l.key AS key, l.title AS title,
       CASE WHEN 0.4 + 0.2 * items > 1.0 THEN 1.0 ELSE 0.4 + 0.2 * items END AS score,
       [v IN lives[0..5] | {fact: l.companyStatus + ', yet its '
                                 + reduce(s = '', x IN v.served | s + CASE WHEN s = '' THEN '' ELSE ', ' END
                                          + CASE x.kind WHEN 'domain' THEN 'site ' ELSE x.kind + ' ' END + x.key)
                                 + ' also serve' + CASE WHEN size(v.served) = 1 THEN 's' ELSE '' END + ' '
                                 + coalesce(v.a.title, v.a.key) + ' (' + v.a.companyStatus + ')',
                           records: [{kind: v.a.kind, id: v.a.id, key: v.a.key, title: v.a.title}]
                                    + [x IN v.served | {kind: x.kind, id: x.id, key: x.key, title: x.title}]}] AS evidence
