// title: Entities sharing a mail server
// description: Mail servers (DNS MX) that more than one domain uses, most shared first. Public mail services (more
// description: than maxShared domains) are left out unless asked for by mailServer.
// param: mailServer string optional  One mail server to look at (e.g. mx.example.ru); every shared one when absent
// param: maxShared integer default 200 min=2  Leave out mail servers shared by more records than this
// param: limit integer default 50 min=1  Most rows
// param: maxListed integer default 100 min=1  Name at most this many records in a row (sharedBy counts them all)
// columns: mailServer, sharedBy, entities
MATCH (mx:Pivot:MailServer)
// Counted from each host that two links reach (the store's count, no link read), not from every link.
WHERE ($mailServer IS NULL OR mx.key = toLower(trim($mailServer)) OR mx.key + '.' = toLower(trim($mailServer)) OR mx.value = trim($mailServer))
  AND ($mailServer IS NOT NULL OR COUNT { (mx)<-[:USES_MAIL_SERVER]-() } >= 2)
CALL (mx) {
  MATCH (mx)<-[r:USES_MAIL_SERVER]-(e:Landing)
  WHERE r.removedAt IS NULL
  // Distinct records, not their names: no record's properties read to count.
  RETURN count(DISTINCT e) AS sharedBy
}
WITH mx, sharedBy
WHERE sharedBy >= CASE WHEN $mailServer IS NULL THEN 2 ELSE 1 END AND ($mailServer IS NOT NULL OR sharedBy <= $maxShared)
// Counted first, listed after: only the rows shown have their records sorted and named.
WITH mx, sharedBy
ORDER BY sharedBy DESC, coalesce(mx.key, mx.value)
LIMIT $limit
CALL (mx) {
  MATCH (mx)<-[r:USES_MAIL_SERVER]-(e:Landing)
  WHERE r.removedAt IS NULL
  WITH e
  ORDER BY e.key
  RETURN collect(DISTINCT coalesce(e.key, e.title, e.kind + ' #' + toString(e.id))) AS entities
}
RETURN coalesce(mx.key, mx.value) AS mailServer, sharedBy, entities[..$maxListed] AS entities
ORDER BY sharedBy DESC, mailServer
