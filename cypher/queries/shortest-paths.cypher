// title: Shortest paths between two entities
// description: The shortest chains of links between two landing records, through landing links and shared pivots
// description: (IP, name server, person, address...) but never through a hub pivot (more links than maxPivotDegree)
// description: or public infrastructure (public DNS and mail hosts, webmail domains) and, with skipHubRecords, never
// description: through a record whose lists the crawl cut. At most 8 hops.
// param: fromKind string required in=domain|company|email|phone|branch  Kind of the first record
// param: fromKey string optional  Key of the first record (domain, e-mail, +phone, INN or OGRN)
// param: fromId integer optional min=0  Page number of the first record, instead of fromKey
// param: toKind string required in=domain|company|email|phone|branch  Kind of the second record
// param: toKey string optional  Key of the second record
// param: toId integer optional min=0  Page number of the second record, instead of toKey
// param: maxPivotDegree integer default 50 min=1  Pivots with more links than this are avoided
// param: skipHubRecords boolean default false  Also avoid records whose lists were too long to follow (fanoutCut)
// param: limit integer default 10 min=1  Most paths
// one of: fromKey, fromId
// one of: toKey, toId
// columns: hops, route, pivots
MATCH (a:Landing {kind: $fromKind})
WHERE a.key = $fromKey OR a.key = toLower(trim($fromKey)) OR a.id = $fromId
MATCH (b:Landing {kind: $toKind})
WHERE b.key = $toKey OR b.key = toLower(trim($toKey)) OR b.id = $toId
WITH a, b
WHERE a <> b
// types: stated
MATCH p = allShortestPaths((a)-[:RELATED|SIMILAR|COMPETITOR|LISTS_CONTACT|NAMES_COMPANY|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|REGISTERED_WITH|USES_TECHNOLOGY|HAS_OFFICER|REGISTERED_AT|HAS_PROFILE|HAS_ACTIVITY*..8]-(b))
WHERE all(r IN relationships(p) WHERE r.removedAt IS NULL)
  // The walks' stop rule, but for the path's own ends; a record the crawl cut stops the path only with
  // $skipHubRecords (public infrastructure always does).
  AND all(x IN nodes(p) WHERE x = a OR x = b OR NOT
    // include: walk-stop node=x
    OR (x:Landing AND NOT $skipHubRecords AND NOT
      // include: public-infrastructure node=x
    ))
WITH p, [x IN nodes(p) | coalesce(x.value, CASE WHEN x:Company OR x:Branch THEN x.title END, x.key, x.title, x.kind + ' #' + toString(x.id))] AS names
WITH length(p) AS hops,
     reduce(route = names[0], i IN range(0, length(p) - 1) |
       route + CASE WHEN startNode(relationships(p)[i]) = nodes(p)[i]
                 THEN ' -' + type(relationships(p)[i]) + '-> ' ELSE ' <-' + type(relationships(p)[i]) + '- ' END
             + names[i + 1]) AS route,
     [x IN nodes(p) WHERE x:Pivot | [l IN labels(x) WHERE l <> 'Pivot'][0] + ' ' + x.value] AS pivots
RETURN hops, route, pivots
ORDER BY hops, route
LIMIT $limit
