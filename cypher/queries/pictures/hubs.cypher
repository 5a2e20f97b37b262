// picture of: hubs
// description: The most connected records and pivots, each with up to 10 of its current links, so that what each hub joins shows.

// The hubs of the table form (the same filter, degree rule, order and limit); a hub with no current link is drawn alone.
// include: hubs-top
RETURN n AS hub, COLLECT { MATCH p = (n)-[r]-(:Landing|Pivot) WHERE r.removedAt IS NULL RETURN p LIMIT 10 } AS links
ORDER BY degree DESC, n.kind, n.key
