// title: Find records and pivots by name
// description: Landing records and pivots whose key, title or value contains the text (any case), or whose INN,
// description: OGRN or page number is the text, best connected first: where to start the other queries.
// param: text string required  Part of a domain, e-mail, phone, company name, INN, IP, person, address...
// param: kinds list optional in=domain|company|email|phone|branch|ip|nameServer|mailServer|registrar|technology|person|address|socialProfile|activity  Only these kinds (comma-separated); all when absent
// param: limit integer default 25 min=1  Most rows
// columns: label, kind, id, key, name, status, degree
WITH toLower(trim($text)) AS wanted, trim($text) AS exact
// include: found-by-text
WITH n
WHERE (n:Landing OR n:Pivot) AND ($kinds IS NULL OR n.kind IN $kinds)
RETURN [l IN labels(n) WHERE NOT l IN ['Landing', 'Pivot']][0] AS label, n.kind AS kind, n.id AS id, n.key AS key,
       coalesce(n.title, n.value) AS name, n.status AS status, COUNT { (n)-[r]-(:Landing|Pivot) WHERE r.removedAt IS NULL } AS degree
ORDER BY degree DESC, kind, key
LIMIT $limit
