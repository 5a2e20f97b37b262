// picture of: what-ties
// description: The ties between the two records as `landing-graph networks` weighs them: the links to the identifiers both are tied to (or one naming the other), else the shortest chains through evidence links, never through a hub; at most 6 hops.

// The paths of the table form themselves (same search, hub rule, order and limit).
MATCH (a:Landing {kind: $fromKind})
WHERE a.key = $fromKey OR a.key = toLower(trim($fromKey)) OR a.id = $fromId
MATCH (b:Landing {kind: $toKind})
WHERE b.key = $toKey OR b.key = toLower(trim($toKey)) OR b.id = $toId
WITH a, b
WHERE a <> b
// The evidence links of cypher/network/evidence.cypher, either way (RELATED only between a Domain and a Company,
// SAME_AS as an analyst accepted it).
// A node between the two is never a hub: at most $maxShared records tied to it by those links (itself included
// when it is a record). First one link or a shared identifier; only when there is none, the shortest chains, the
// hub test applied while searching (a filter afterwards would lose the longer chains that avoid hubs).
// OPTIONAL: with nothing near, a plain CALL would drop the pair's row and the chains would never be searched.
OPTIONAL CALL (a, b) {
  // types: ties
  MATCH p = (a)-[r:HAS_OFFICER|NAMES_COMPANY|LISTS_CONTACT|AT_DOMAIN|REGISTERED_AT|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|RELATED|SAME_AS]-(b)
  WHERE r.removedAt IS NULL AND (type(r) <> 'RELATED' OR a:Domain AND b:Company OR a:Company AND b:Domain)
  RETURN p
  UNION
  // types: ties - SAME_AS
  MATCH p = (a)-[r1:HAS_OFFICER|NAMES_COMPANY|LISTS_CONTACT|AT_DOMAIN|REGISTERED_AT|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|RELATED]-(i)-[r2:HAS_OFFICER|NAMES_COMPANY|LISTS_CONTACT|AT_DOMAIN|REGISTERED_AT|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|RELATED]-(b)
  WHERE r1.removedAt IS NULL AND r2.removedAt IS NULL AND (i:Landing OR i:Pivot)
    AND (type(r1) <> 'RELATED' OR a:Domain AND i:Company OR a:Company AND i:Domain)
    AND (type(r2) <> 'RELATED' OR b:Domain AND i:Company OR b:Company AND i:Domain)
    AND
    // include: hub-bounded shared=i holder=z link=e
    <= $maxShared
  RETURN p
}
WITH a, b, collect(p) AS near
CALL (a, b, near) {
  UNWIND near AS p
  RETURN p
  UNION
  WITH a, b, near
  WHERE size(near) = 0
  // types: ties
  MATCH p = ALL SHORTEST (a) ((x)-[r:HAS_OFFICER|NAMES_COMPANY|LISTS_CONTACT|AT_DOMAIN|REGISTERED_AT|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|RELATED|SAME_AS]-(y)
    WHERE r.removedAt IS NULL AND (type(r) <> 'RELATED' OR x:Domain AND y:Company OR x:Company AND y:Domain)
      AND (y = b OR ((y:Landing OR y:Pivot) AND
      // include: hub-bounded shared=y holder=z link=e
      <= $maxShared))){3,6} (b)
  RETURN p
}
// The table's tie and route, only to keep its rows (an officer with two roles is two HAS_OFFICER links, one tie:
// one row, both links drawn) and its order, so that the same ties are drawn under the limit.
WITH p, [x IN nodes(p) | coalesce(x.value, CASE WHEN x:Company OR x:Branch THEN x.title END, x.key, x.title, x.kind + ' #' + toString(x.id))] AS names
WITH p, length(p) AS hops,
     CASE WHEN length(p) = 1 AND type(relationships(p)[0]) = 'SAME_AS' THEN 'accepted as the same'
          WHEN length(p) = 1 THEN 'one names the other'
          WHEN length(p) = 2 AND endNode(relationships(p)[0]) = nodes(p)[1] AND endNode(relationships(p)[1]) = nodes(p)[1] THEN 'shared identifier'
          ELSE 'chain' END AS tie,
     reduce(route = names[0], i IN range(0, length(p) - 1) |
       route + CASE WHEN startNode(relationships(p)[i]) = nodes(p)[i]
                 THEN ' -' + type(relationships(p)[i]) + '-> ' ELSE ' <-' + type(relationships(p)[i]) + '- ' END
             + names[i + 1]) AS route
WITH hops, tie, route, collect(p) AS paths
ORDER BY hops, tie DESC, route
LIMIT $limit
UNWIND paths AS p
RETURN p
ORDER BY hops, tie DESC, route
