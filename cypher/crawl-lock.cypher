// Take the lock of the crawl with these settings ($fingerprint) for $holder {id, pid, host}, unless another
// holder's lease is still running. $staleHolder (or null): a holder known to be dead (its process is gone
// from this host), whose lease is taken over. Concurrent callers are serialised by the MERGE on the
// unique fingerprint: one of them gets the lock, the others see it held.
MERGE (l:CrawlLock {fingerprint: $fingerprint})
WITH l, l.holder IS NOT NULL AND l.holder <> $holder.id AND l.leaseUntil > datetime($now) AND coalesce(l.holder <> $staleHolder, true) AS busy
FOREACH (_ IN CASE WHEN busy THEN [] ELSE [1] END |
  SET l.holder = $holder.id, l.pid = $holder.pid, l.host = $holder.host, l.since = datetime($now),
      l.leaseUntil = datetime($now) + duration({milliseconds: $leaseMs})
)
RETURN NOT busy AS acquired, l.holder AS holder, l.pid AS pid, l.host AS host, toString(l.since) AS since,
       toString(l.leaseUntil) AS leaseUntil
