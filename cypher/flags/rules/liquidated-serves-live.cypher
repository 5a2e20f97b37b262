// rule: liquidated-serves-live
// severity: high
// description: A liquidated or liquidating company whose phone, e-mail or site is also listed by a live company: the
// description: closed firm's contacts and sites serve another (debts left behind, or a business moved to a clean shell).
// threshold: maxShared 20  A contact or site listed by more records than this serves everyone and ties nothing (a
// threshold: webmail box, a call centre): a hub, as in `networks`, where identifiers of control hold up to 16
// threshold: records at p99.9 of the 20,000-record sandbox.
// Hits: each company (in $scope, or every one when null) whose status names liquidation ("ликвид", "liquidat") and
// that lists (RELATED or LISTS_CONTACT, current) a phone, e-mail or domain that a company of a known status without
// those words lists too. Score: 0.6 + 0.2 for each such contact or site, at most 1. One fact per live company.
MATCH (l:Company)
WHERE ($scope IS NULL OR elementId(l) IN $scope) AND toLower(l.companyStatus) =~ '.*(ликвид|liquidat).*'
MATCH (l)-[r1:RELATED|LISTS_CONTACT]-(x:Landing)-[r2:RELATED|LISTS_CONTACT]-(a:Company)
WHERE r1.removedAt IS NULL AND r2.removedAt IS NULL AND (x:Phone OR x:Email OR x:Domain) AND a <> l
  AND a.companyStatus IS NOT NULL AND NOT toLower(a.companyStatus) =~ '.*(ликвид|liquidat).*'
WITH DISTINCT l, x, a
  // hub-size: shared=x holder=h link=k
WHERE size(COLLECT {
    MATCH (h:Landing)-[k]-(x)
    WHERE k.removedAt IS NULL AND h <> x AND h.kind IN ['domain', 'company', 'email', 'phone']
      AND ((startNode(k) = h AND type(k) IN ['HAS_OFFICER', 'NAMES_COMPANY', 'LISTS_CONTACT', 'AT_DOMAIN', 'REGISTERED_AT', 'RESOLVES_TO', 'USES_NAME_SERVER', 'USES_MAIL_SERVER'])
           OR (type(k) = 'RELATED' AND h:Domain AND x:Company))
    RETURN DISTINCT h
  }) + CASE WHEN x:Landing THEN 1 ELSE 0 END <= $maxShared
WITH l, a, x ORDER BY x.kind, x.key
WITH l, a, collect(x) AS served ORDER BY size(served) DESC, a.key
WITH l, collect({a: a, served: served}) AS lives
WITH l, lives, reduce(n = 0, v IN lives | n + size(v.served)) AS items
RETURN elementId(l) AS element, l.kind AS kind, l.id AS id, l.key AS key,
       CASE WHEN 0.4 + 0.2 * items > 1.0 THEN 1.0 ELSE 0.4 + 0.2 * items END AS score,
       [v IN lives[0..5] | {fact: l.companyStatus + ', yet its '
                                 + reduce(s = '', x IN v.served | s + CASE WHEN s = '' THEN '' ELSE ', ' END
                                          + CASE x.kind WHEN 'domain' THEN 'site ' ELSE x.kind + ' ' END + x.key)
                                 + ' also serve' + CASE WHEN size(v.served) = 1 THEN 's' ELSE '' END + ' '
                                 + coalesce(v.a.title, v.a.key) + ' (' + v.a.companyStatus + ')',
                           records: [{kind: v.a.kind, id: v.a.id, key: v.a.key}]
                                    + [x IN v.served | {kind: x.kind, id: x.id, key: x.key}]}] AS evidence
