// Migration, run with the schema at every start of a writing command (src/store/schema.ts); a no-op once done.
// Graphs written before the fan-out cut had its own names marked a record whose lists --max-fanout cut with `hub`,
// `hubLists` and `hubListLengths`: "hub" is the word for a record or identifier tied to more than --max-shared
// records, which this is not. Each such record gets `fanoutCut`, `cutLists` and `cutListLengths` instead. The
// index landing_old_fanout_cut finds them without reading every record.
MATCH (n:Landing)
WHERE n.hub IS NOT NULL
SET n.fanoutCut = n.hub, n.cutLists = n.hubLists, n.cutListLengths = n.hubListLengths
REMOVE n.hub, n.hubLists, n.hubListLengths
RETURN count(n) AS migrated
