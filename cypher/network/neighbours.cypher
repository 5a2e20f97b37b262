// Networks scope: one level of the walk from the seeds. The Landing and Pivot nodes one current relationship
// (no removedAt; any type, either direction) away from the $frontier nodes and not in $seen. Read only.
MATCH (a) WHERE elementId(a) IN $frontier
MATCH (a)-[r]-(b)
WHERE r.removedAt IS NULL AND (b:Landing OR b:Pivot) AND NOT elementId(b) IN $seen
RETURN DISTINCT elementId(b) AS element
