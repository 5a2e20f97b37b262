// picture of: companies-behind-contact
// description: The routes from the phone or e-mail to each company it leads to (RELATED, LISTS_CONTACT, NAMES_COMPANY), nearest first, never through another company or a record whose lists the crawl cut.

// The paths of the table form themselves (same walk, same order and limit).
// include: contact-by-key
WITH x
MATCH p = ANY SHORTEST (x) ((a)-[r:RELATED|LISTS_CONTACT|NAMES_COMPANY]-(b)
    WHERE r.removedAt IS NULL AND (a = x OR NOT (a:Company OR coalesce(a.fanoutCut, false)))){1,3} (c:Company)
WHERE length(p) <= $hops
RETURN p
ORDER BY length(p), coalesce(c.title, c.fullName, 'company #' + toString(c.id))
LIMIT $limit
