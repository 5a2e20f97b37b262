// picture of: shared-mail-server
// description: Each shared mail server with the domains that use it, (domain)-[:USES_MAIL_SERVER]->(MailServer), most shared first; at most 25 domains per mail server and 300 links in all.

// The mail servers of the table form (same filter, same maxShared rule, same order and limit), each drawn as a star.
MATCH (mx:Pivot:MailServer)<-[r:USES_MAIL_SERVER]-(e:Landing)
WHERE r.removedAt IS NULL
  AND ($mailServer IS NULL OR mx.key = toLower(trim($mailServer)) OR mx.key + '.' = toLower(trim($mailServer)) OR mx.value = trim($mailServer))
WITH mx, e
ORDER BY e.key
WITH mx, collect(DISTINCT coalesce(e.key, e.title, e.kind + ' #' + toString(e.id))) AS entities, collect(DISTINCT e)[..25] AS shown
WHERE size(entities) >= CASE WHEN $mailServer IS NULL THEN 2 ELSE 1 END AND ($mailServer IS NOT NULL OR size(entities) <= $maxShared)
WITH mx, size(entities) AS sharedBy, coalesce(mx.key, mx.value) AS mailServer, shown
ORDER BY sharedBy DESC, mailServer
LIMIT $limit
UNWIND shown AS e
MATCH p = (e)-[r:USES_MAIL_SERVER]->(mx)
WHERE r.removedAt IS NULL
RETURN p
ORDER BY sharedBy DESC, mailServer, e.key
LIMIT 300
