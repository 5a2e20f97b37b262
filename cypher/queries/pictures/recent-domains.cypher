// picture of: recent-domains
// description: Each recently registered domain with the companies it leads to: its RELATED and NAMES_COMPANY links to them, and the company of its registrant INN or OGRN (a property, no link: drawn as a node); newest first.

// The domains of the table form (the same fragment), one row each.
// include: recent-domains-window
// include: domain-companies domain=d
WITH d, created, collect(c) AS companies
RETURN d AS domain, companies,
       COLLECT { MATCH p = (d)-[r:RELATED|NAMES_COMPANY]-(:Company) WHERE r.removedAt IS NULL RETURN p } AS links
ORDER BY created DESC, d.key
