// Change report: one level of the walk from the seeds. The Landing and Pivot nodes one relationship away
// (any type, either direction) from the $frontier nodes and not in $seen. Removed relationships (removedAt
// set) are walked too, on purpose: a record that lost its link to the seeds' neighbourhood within the
// window is a change of that neighbourhood. History (RecordVersion) and crawl bookkeeping are never reached.
MATCH (a) WHERE elementId(a) IN $frontier
MATCH (a)--(b)
WHERE (b:Landing OR b:Pivot) AND NOT elementId(b) IN $seen
RETURN DISTINCT elementId(b) AS element
