// title: What ties two entities
// description: The evidence of common control between two records, as `landing-graph networks` weighs it: the
// description: identifiers both are tied to (an officer or founder, a registration address, a phone or e-mail, a
// description: company named by WhoIs or requisites, a shared IP or mail server...; a record is an identifier of
// description: itself), and the shortest chains through such links when they share none. Only the links
// description: `networks` counts as evidence (SIMILAR, COMPETITOR, registrars, technologies never tie), and never
// description: through a hub: an identifier tied to more than maxShared records (a nominee director, a
// description: mass-registration address, a webmail or hosting address). An analyst's accepted SAME_AS
// description: (`landing-graph resolve --apply`) ties the two records it joins. At most 6 hops.
// param: fromKind string required in=domain|company|email|phone  Kind of the first record
// param: fromKey string optional  Key of the first record (domain, e-mail, +phone, INN or OGRN)
// param: fromId integer optional min=0  Page number of the first record, instead of fromKey
// param: toKind string required in=domain|company|email|phone  Kind of the second record
// param: toKey string optional  Key of the second record
// param: toId integer optional min=0  Page number of the second record, instead of toKey
// param: maxShared integer default 20 min=1  Identifiers tied to more records than this are hubs and tie nothing
// param: limit integer default 20 min=1  Most rows
// one of: fromKey, fromId
// one of: toKey, toId
// columns: hops, tie, identifiers, route
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
WITH p, [x IN nodes(p) | coalesce(x.value, CASE WHEN x:Company OR x:Branch THEN x.title END, x.key, x.title, x.kind + ' #' + toString(x.id))] AS names
// DISTINCT: an officer with two roles is two HAS_OFFICER links, one tie.
RETURN DISTINCT length(p) AS hops,
       CASE WHEN length(p) = 1 AND type(relationships(p)[0]) = 'SAME_AS' THEN 'accepted as the same'
            WHEN length(p) = 1 THEN 'one names the other'
            WHEN length(p) = 2 AND endNode(relationships(p)[0]) = nodes(p)[1] AND endNode(relationships(p)[1]) = nodes(p)[1] THEN 'shared identifier'
            ELSE 'chain' END AS tie,
       [x IN nodes(p)[1..-1] | CASE WHEN x:Person THEN 'officer' ELSE x.kind END + ' ' + coalesce(x.value, CASE WHEN x:Company THEN x.title END, x.key, '#' + toString(x.id))] AS identifiers,
       reduce(route = names[0], i IN range(0, length(p) - 1) |
         route + CASE WHEN startNode(relationships(p)[i]) = nodes(p)[i]
                   THEN ' -' + type(relationships(p)[i]) + '-> ' ELSE ' <-' + type(relationships(p)[i]) + '- ' END
               + names[i + 1]) AS route
ORDER BY hops, tie DESC, route
LIMIT $limit
