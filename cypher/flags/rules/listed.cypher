// rule: listed
// severity: high
// description: A company on a watch list (sanctions, PEPs, debarment: `landing-graph screen`), or whose current officer
// description: (manager or founder) is: the first question of any compliance review of a network.
// Hits: each company (in $scope, or every one when null) with a current LISTED_AS link (written by screen,
// cypher/screen/write-hits.cypher; a retired one has removedAt), or with a current officer (HAS_OFFICER, current) that
// has one. Score: the best hit's score (1 for an INN or OGRN, less for a name, src/screen/match.ts); an officer's hit
// counts at 0.9 of it (the company is not listed itself). One fact per hit, the surest first, at most five: the list,
// its file and date, the entity's caption, id and topics, the property and value that matched.
MATCH (c:Company)
WHERE ($scope IS NULL OR elementId(c) IN $scope)
  AND (EXISTS { MATCH (c)-[l:LISTED_AS]->(:ListEntry) WHERE l.removedAt IS NULL }
       OR EXISTS { MATCH (c)-[r:HAS_OFFICER]->(:Person)-[l:LISTED_AS]->(:ListEntry) WHERE r.removedAt IS NULL AND l.removedAt IS NULL })
CALL (c) {
  MATCH (c)-[l:LISTED_AS]->(e:ListEntry)
  WHERE l.removedAt IS NULL
  RETURN null AS via, l, e, l.score AS score
  UNION ALL
  MATCH (c)-[r:HAS_OFFICER]->(p:Person)-[l:LISTED_AS]->(e:ListEntry)
  WHERE r.removedAt IS NULL AND l.removedAt IS NULL
  RETURN DISTINCT p AS via, l, e, 0.9 * l.score AS score
}
WITH c, via, l, e, score ORDER BY score DESC, e.list, e.entityId
WITH c, collect({via: via, l: l, e: e, score: score}) AS hits
RETURN elementId(c) AS element, c.kind AS kind, c.id AS id, c.key AS key, c.title AS title, hits[0].score AS score,
       [h IN hits[0..5] | {fact: CASE WHEN h.via IS NULL THEN '' ELSE 'its officer ' + coalesce(h.via.name, h.via.key) + ' is ' END
                                 + 'listed on ' + h.e.list + ' (' + h.e.file + ', ' + toString(date(h.e.listDate)) + ') as '
                                 + h.e.caption + ' (' + h.e.entityId + ')'
                                 + CASE WHEN size(h.e.topics) = 0 THEN '' ELSE ', topics ' + reduce(t = '', x IN h.e.topics | t + CASE WHEN t = '' THEN '' ELSE ', ' END + x) END
                                 + ', matched by ' + h.l.property + ' ' + h.l.value,
                           records: CASE WHEN h.via IS NULL THEN [] ELSE [{kind: 'person', id: null, key: h.via.key, title: h.via.name}] END}] AS evidence
