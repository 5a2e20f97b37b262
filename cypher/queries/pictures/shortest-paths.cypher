// picture of: shortest-paths
// description: The shortest chains of current links between the two records, never through a hub pivot or public infrastructure (nor, with skipHubRecords, a record the crawl cut); at most 8 hops.

// The paths of the table form themselves (same search, same order and limit).
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
// The table's route text, only to keep its order (and so the same paths under the limit).
WITH p, [x IN nodes(p) | coalesce(x.value, CASE WHEN x:Company OR x:Branch THEN x.title END, x.key, x.title, x.kind + ' #' + toString(x.id))] AS names
RETURN p
ORDER BY length(p),
         reduce(route = names[0], i IN range(0, length(p) - 1) |
           route + CASE WHEN startNode(relationships(p)[i]) = nodes(p)[i]
                     THEN ' -' + type(relationships(p)[i]) + '-> ' ELSE ' <-' + type(relationships(p)[i]) + '- ' END
                 + names[i + 1])
LIMIT $limit
