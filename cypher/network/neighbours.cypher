// Networks scope: one step of the walk from the seeds (the caller steps through the pivots it returns at once,
// so a shared identifier counts as one hop between records). The Landing and Pivot nodes one current relationship
// (no removedAt; either direction) of a kind that can tie records away from the $frontier nodes and not in
// $seen. Hubs are not walked through: a Pivot or record tied to more than $maxShared records is not entered
// (a registrar or a webmail domain would bring in strangers by the thousand). Read only.
MATCH (a) WHERE elementId(a) IN $frontier
MATCH (a)-[r:RELATED|HAS_OFFICER|NAMES_COMPANY|LISTS_CONTACT|AT_DOMAIN|REGISTERED_AT|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|SAME_AS]-(b)
WHERE r.removedAt IS NULL AND (b:Landing OR b:Pivot) AND NOT elementId(b) IN $seen
  AND COUNT { (b)-[:RELATED|HAS_OFFICER|NAMES_COMPANY|LISTS_CONTACT|AT_DOMAIN|REGISTERED_AT|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|SAME_AS]-(:Landing) } <= $maxShared + 1
RETURN DISTINCT elementId(b) AS element, b:Pivot AS pivot
