// title: Recently registered domains linked to a company
// description: Domains whose WhoIs creation date falls within the last few days (written YYYY-MM-DD... or
// description: DD.MM.YYYY) and that lead to a company: a related company, a company named on the site, or the
// description: company of the registrant INN or OGRN. Newest first.
// param: days integer default 90 min=0 max=36525  How recent: created within this many days, up to a hundred years
// param: asOf string optional  The day to count back from, YYYY-MM-DD; today when absent
// param: limit integer default 50 min=1  Most rows
// columns: domain, createdAt, registrar, registrant, companies

// include: recent-domains-window
// include: domain-companies domain=d
WITH d, created, c
ORDER BY c.title, c.key
WITH d, created, collect(coalesce(c.title + ' (' + c.key + ')', c.title, c.key, 'company #' + toString(c.id))) AS companies
RETURN d.key AS domain, created AS createdAt,
       coalesce(d.registrar, head([(d)-[w:REGISTERED_WITH]->(r:Registrar) WHERE w.removedAt IS NULL | r.value])) AS registrar,
       coalesce(d.registrantOrganization + coalesce(' (' + d.registrantInn + ')', ''), d.registrantInn) AS registrant,
       companies
ORDER BY createdAt DESC, domain
LIMIT $limit
