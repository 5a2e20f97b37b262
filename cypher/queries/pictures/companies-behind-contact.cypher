// picture of: companies-behind-contact
// description: The routes from the phone or e-mail to each company it leads to (RELATED, LISTS_CONTACT, NAMES_COMPANY), nearest first, never through another company or a record whose lists the crawl cut.

// The paths of the table form themselves (same walk, same order and limit).
MATCH (x:Landing {kind: $kind})
WHERE x.key = $key OR x.key = toLower(trim($key)) OR x.id = $id
   OR x.key = '+' + reduce(digits = '', ch IN split($key, '') |
        digits + CASE WHEN ch IN ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] THEN ch ELSE '' END)
MATCH p = ANY SHORTEST (x) ((a)-[r:RELATED|LISTS_CONTACT|NAMES_COMPANY]-(b)
    WHERE r.removedAt IS NULL AND (a = x OR NOT (a:Company OR coalesce(a.fanoutCut, false)))){1,3} (c:Company)
WHERE length(p) <= $hops
RETURN p
ORDER BY length(p), coalesce(c.title, c.fullName, 'company #' + toString(c.id))
LIMIT $limit
