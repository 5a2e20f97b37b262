// Scope (src/store/scope.ts): one step of the walk from the seeds. The Landing and Pivot nodes one relationship
// (either direction) away from the $frontier nodes and not in $seen, at most $limit of them. History
// (RecordVersion) and crawl bookkeeping are never reached. The walk's options:
// - $types: the relationship types walked (a fixed list of src/graph/relationship-groups.ts), or null for any;
// - $removed true: removed relationships are walked too (a change report: a record that lost its link to the
//   neighbourhood is a change of it); else $asOf null: the current state, relationships without `removedAt`;
//   else (an ISO date-time) the relationships that existed then (docs/history.md), to nodes first seen by then;
// - $maxShared: a hub (cypher/fragments/hub-size.cypher: a registrar, a webmail domain, a nominee director) is not
//   entered; null: no limit.
MATCH (a) WHERE elementId(a) IN $frontier
MATCH (a)-[r]-(b)
WHERE (b:Landing OR b:Pivot) AND NOT elementId(b) IN $seen
  AND ($types IS NULL OR type(r) IN $types)
  AND CASE WHEN $removed THEN true
           WHEN $asOf IS NULL THEN r.removedAt IS NULL
           ELSE r.firstSeenAt <= datetime($asOf) AND b.firstSeenAt <= datetime($asOf)
                AND size([x IN coalesce(r.removals, []) WHERE x <= datetime($asOf)])
                    = size([x IN coalesce(r.returns, []) WHERE x <= datetime($asOf)]) END
  AND CASE WHEN $maxShared IS NULL THEN true
           // hub-size: shared=b holder=h link=l
           ELSE size(COLLECT {
             MATCH (h:Landing)-[l]-(b)
             WHERE l.removedAt IS NULL AND h <> b AND h.kind IN ['domain', 'company', 'email', 'phone']
               AND ((startNode(l) = h AND type(l) IN ['HAS_OFFICER', 'NAMES_COMPANY', 'LISTS_CONTACT', 'AT_DOMAIN', 'REGISTERED_AT', 'RESOLVES_TO', 'USES_NAME_SERVER', 'USES_MAIL_SERVER'])
                    OR (type(l) = 'RELATED' AND h:Domain AND b:Company))
             RETURN DISTINCT h
           }) + CASE WHEN b:Landing THEN 1 ELSE 0 END <= $maxShared END
RETURN DISTINCT elementId(b) AS element, b:Pivot AS pivot
LIMIT $limit
