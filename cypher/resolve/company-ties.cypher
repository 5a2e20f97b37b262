// Resolve, rule person-name-tied: what ties two companies, for each pair of $pairs ([{a, b}], element ids from
// persons.cypher in the same transaction). A tie is a current link (no removedAt): one company an officer of the
// other, a SAME_AS between them, a shared registration address, officer (person or company) or contact (phone,
// e-mail), or a record naming both (site requisites, WhoIs). A hub (cypher/fragments/hub-size.cypher, as in
// `networks`) ties nothing; nor does a record naming more than $maxShared companies. Read only.
UNWIND $pairs AS pair
MATCH (a:Company) WHERE elementId(a) = pair.a
MATCH (b:Company) WHERE elementId(b) = pair.b
CALL (a, b) {
  MATCH (a)-[r:HAS_OFFICER]-(b)
  WHERE r.removedAt IS NULL
  RETURN 'officerOf' AS kind, 'company:' + coalesce(startNode(r).key, '#' + toString(startNode(r).id)) + ' <- company:' + coalesce(endNode(r).key, '#' + toString(endNode(r).id)) AS value
  UNION
  MATCH (a)-[s:SAME_AS]-(b)
  RETURN 'sameAs' AS kind, s.pairId AS value
  UNION
  MATCH (a)-[r1:REGISTERED_AT|HAS_OFFICER|LISTS_CONTACT]->(i)<-[r2:REGISTERED_AT|HAS_OFFICER|LISTS_CONTACT]-(b)
  WHERE r1.removedAt IS NULL AND r2.removedAt IS NULL AND type(r1) = type(r2)
    AND (i:Address OR i:Person OR i:Company OR i:Phone OR i:Email)
    AND
    // include: hub-bounded shared=i holder=h link=l
    <= $maxShared
  RETURN CASE WHEN i:Address THEN 'address' WHEN i:Person THEN 'officer' WHEN i:Company THEN 'founder'
              WHEN i:Phone THEN 'phone' ELSE 'email' END AS kind,
         coalesce(i.key, '#' + toString(i.id)) AS value
  UNION
  MATCH (a)<-[r1:NAMES_COMPANY]-(d:Landing)-[r2:NAMES_COMPANY]->(b)
  WHERE r1.removedAt IS NULL AND r2.removedAt IS NULL
    AND COUNT { (d)-[x:NAMES_COMPANY]->() WHERE x.removedAt IS NULL } <= $maxShared
  RETURN 'namedBy' AS kind, d.kind + ':' + coalesce(d.key, '#' + toString(d.id)) AS value
}
RETURN pair.a AS a, pair.b AS b, kind, value
