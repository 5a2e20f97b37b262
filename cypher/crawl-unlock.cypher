// Give the lock back (only if this holder still has it).
MATCH (l:CrawlLock {fingerprint: $fingerprint})
WHERE l.holder = $holderId
SET l.holder = null, l.pid = null, l.host = null, l.leaseUntil = null, l.releasedAt = datetime($now)
