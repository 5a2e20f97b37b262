// title: Companies behind a phone or an e-mail
// description: The companies a phone number or e-mail address leads to: directly (RELATED), or through the domains,
// description: e-mails and phones that list or relate to it and name a company (LISTS_CONTACT, NAMES_COMPANY,
// description: RELATED), nearest first with the route. Never through another company, nor a record whose lists the crawl cut.
// param: kind string required in=phone|email  Phone or e-mail
// param: key string optional  The number (+digits, or any writing) or the address
// param: id integer optional min=0  Its page number, instead of the key
// param: hops integer default 2 min=1 max=3  How far to look, 1 to 3 links
// param: limit integer default 50 min=1  Most rows
// one of: key, id
// columns: company, inn, ogrn, companyStatus, hops, route
// include: contact-by-key
WITH x
MATCH p = ANY SHORTEST (x) ((a)-[r:RELATED|LISTS_CONTACT|NAMES_COMPANY]-(b)
    WHERE r.removedAt IS NULL AND (a = x OR NOT (a:Company OR coalesce(a.fanoutCut, false)))){1,3} (c:Company)
WHERE length(p) <= $hops
WITH p, c, [n IN nodes(p) | coalesce(CASE WHEN n:Company OR n:Branch THEN n.title END, n.key, n.title, n.kind + ' #' + toString(n.id))] AS names
RETURN coalesce(c.title, c.fullName, 'company #' + toString(c.id)) AS company,
       coalesce(c.inn, CASE WHEN size(c.key) IN [10, 12] THEN c.key END) AS inn,
       coalesce(c.ogrn, CASE WHEN size(c.key) IN [13, 15] THEN c.key END) AS ogrn,
       c.companyStatus AS companyStatus,
       length(p) AS hops,
       reduce(route = names[0], i IN range(0, length(p) - 1) |
         route + CASE WHEN startNode(relationships(p)[i]) = nodes(p)[i]
                   THEN ' -' + type(relationships(p)[i]) + '-> ' ELSE ' <-' + type(relationships(p)[i]) + '- ' END
               + names[i + 1]) AS route
ORDER BY hops, company
LIMIT $limit
