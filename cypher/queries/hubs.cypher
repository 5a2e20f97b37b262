// title: Hubs by degree
// description: The most connected records and pivots, with their links per type and, for records the crawl did not
// description: expand fully, the lists that were too long. Hubs join unrelated entities: keep them in mind when
// description: reading paths and shared values.
// param: kinds list optional in=domain|company|email|phone|branch|ip|nameServer|mailServer|registrar|technology|person|address|socialProfile|activity  Only these kinds (comma-separated); all when absent
// param: minDegree integer default 2 min=0  Leave out nodes with fewer links
// param: limit integer default 25 min=1  Most rows
// columns: label, name, key, degree, links, longLists
// include: hubs-top
// include: hubs-links-by-type n=n removed=removedOfN
RETURN [l IN labels(n) WHERE NOT l IN ['Landing', 'Pivot']][0] AS label,
       coalesce(n.value, n.title, n.key, n.kind + ' #' + toString(n.id)) AS name,
       coalesce(n.key, '#' + toString(n.id)) AS key,
       degree, [t IN byType | t.type + ' ' + toString(t.links)] AS links,
       [i IN range(0, size(coalesce(n.cutLists, [])) - 1) | n.cutLists[i] + coalesce(' ' + toString(n.cutListLengths[i]), '')] AS longLists
ORDER BY degree DESC, label, key
