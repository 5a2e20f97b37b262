// rule: phoenix
// severity: high
// description: A live company that succeeds a liquidated or liquidating one and shares its officer or registration
// description: address (a phoenix: the business goes on in a new shell, the old one's debts stay behind).
// threshold: maxShared hub  An officer or address held by more records than this ties nothing (a nominee director,
// threshold: a mass registration address: flagged by their own rules), as in `networks`, where identifiers of
// threshold: control hold up to 16 records at p99.9 of the 20,000-record sandbox.
// Hits: each company (in $scope, or every one when null) of a known status without "ликвид"/"liquidat" that names a
// company as predecessor, or is named by it as successor (HAS_OFFICER with that role, current), whose status names
// liquidation, and with which it shares a current officer (manager or founder) or registration address that is no
// hub; neither company is a hub itself. Score: 0.7 + 0.15 for each shared officer or address, at most 1. One fact
// per predecessor.
MATCH (s:Company)-[k:HAS_OFFICER]-(p:Company)
WHERE k.removedAt IS NULL AND s <> p AND ($scope IS NULL OR elementId(s) IN $scope)
  AND ((startNode(k) = s AND k.role = 'predecessor') OR (startNode(k) = p AND k.role = 'successor'))
  AND s.companyStatus IS NOT NULL AND NOT toLower(s.companyStatus) =~ '.*(ликвид|liquidat).*'
  AND toLower(p.companyStatus) =~ '.*(ликвид|liquidat).*'
WITH DISTINCT s, p
// A hub record ties nothing either (cypher/fragments/hub-size.cypher, as in `networks`).
WHERE
  // include: hub-bounded shared=s holder=h link=k
  <= $maxShared
  AND
  // include: hub-bounded shared=p holder=h link=k
  <= $maxShared
MATCH (s)-[r1:HAS_OFFICER|REGISTERED_AT]->(i)<-[r2:HAS_OFFICER|REGISTERED_AT]-(p)
WHERE r1.removedAt IS NULL AND r2.removedAt IS NULL AND (i:Person OR i:Address)
  AND
  // include: hub-bounded shared=i holder=h link=l
  <= $maxShared
WITH s, p, collect(DISTINCT CASE WHEN i:Person THEN 'officer ' + coalesce(i.name, i.value, i.key)
                                 ELSE 'address ' + coalesce(i.value, i.key) END) AS found
// In one order, the predecessors sharing most first, so that the same graph gives the same evidence (and the same
// five shown) however the rows came.
WITH s, p, COLLECT { UNWIND found AS x RETURN x ORDER BY x } AS shared
ORDER BY size(shared) DESC, coalesce(p.key, '#' + toString(p.id))
WITH s, collect({p: p, shared: shared}) AS predecessors
WITH s, predecessors, reduce(n = 0, v IN predecessors | n + size(v.shared)) AS items
RETURN elementId(s) AS element, s.kind AS kind, s.id AS id, s.key AS key, s.title AS title,
       CASE WHEN 0.55 + 0.15 * items > 1.0 THEN 1.0 ELSE 0.55 + 0.15 * items END AS score,
       [v IN predecessors[0..5] | {fact: 'succeeds ' + coalesce(v.p.title, v.p.key) + ' (' + v.p.companyStatus + '), and shares its '
                                         + reduce(t = '', x IN v.shared | t + CASE WHEN t = '' THEN '' ELSE '; ' END + x),
                                   records: [{kind: v.p.kind, id: v.p.id, key: v.p.key, title: v.p.title}]}] AS evidence
