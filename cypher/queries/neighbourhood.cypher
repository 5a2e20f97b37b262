// title: Neighbourhood of an entity
// description: Everything within a few hops of one landing record (domain, company, e-mail, phone or branch),
// description: over landing links and shared pivots (IP, name server, person, address...), nearest first, with the
// description: route that reaches it. Hub pivots (more links than maxPivotDegree), public infrastructure (public DNS
// description: and mail hosts, webmail domains) and records whose lists the crawl cut are listed but not walked through.
// param: kind string required in=domain|company|email|phone|branch  Kind of the start record
// param: key string optional  Its key as stored: domain or e-mail in lower case, phone +digits, company INN (else OGRN)
// param: id integer optional min=0  Its page number, instead of the key
// param: hops integer default 2 min=1 max=4  How far to look, 1 to 4 hops
// param: maxPivotDegree integer default 50 min=1  Pivots with more links than this are not walked through
// param: limit integer default 100 min=1  Most rows
// param: links integer default 60 min=1 for=picture  Most relationships the picture draws, counting every one between two nodes drawn
// param: maxShared integer default 20 min=1 for=picture  Records and identifiers tied to more records than this are hubs, drawn last in the picture
// one of: key, id
// columns: hops, label, name, key, status, route
MATCH (start:Landing {kind: $kind})
WHERE start.key = $key OR start.key = toLower(trim($key)) OR start.id = $id
// Breadth-first, one shortest route per node reached; a node the walks stop at (walk-stop) is never the source of
// a hop. Hop counts cannot be parameters: one branch per value of $hops, and only the branch of the given value runs.
CALL (start) {
  WITH start WHERE $hops = 1
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT
    // include: walk-stop node=a
  )){1,1} (n)
  RETURN p, n
  UNION ALL
  WITH start WHERE $hops = 2
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT
    // include: walk-stop node=a
  )){1,2} (n)
  RETURN p, n
  UNION ALL
  WITH start WHERE $hops = 3
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT
    // include: walk-stop node=a
  )){1,3} (n)
  RETURN p, n
  UNION ALL
  WITH start WHERE $hops = 4
  MATCH p = ANY SHORTEST (start) ((a)-[r]-(b:Landing|Pivot) WHERE r.removedAt IS NULL AND (a = start OR NOT
    // include: walk-stop node=a
  )){1,4} (n)
  RETURN p, n
}
WITH start, p, n
WHERE n <> start
WITH p, n, [x IN nodes(p) | coalesce(x.value, CASE WHEN x:Company OR x:Branch THEN x.title END, x.key, x.title, x.kind + ' #' + toString(x.id))] AS names
RETURN length(p) AS hops,
       [l IN labels(n) WHERE NOT l IN ['Landing', 'Pivot']][0] AS label,
       last(names) AS name,
       coalesce(n.key, '#' + toString(n.id)) AS key,
       n.status AS status,
       reduce(route = names[0], i IN range(0, length(p) - 1) |
         route + CASE WHEN startNode(relationships(p)[i]) = nodes(p)[i]
                   THEN ' -' + type(relationships(p)[i]) + '-> ' ELSE ' <-' + type(relationships(p)[i]) + '- ' END
               + names[i + 1]) AS route
ORDER BY hops, label, name
LIMIT $limit
