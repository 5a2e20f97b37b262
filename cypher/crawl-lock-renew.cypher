// Extend the lease of a lock this holder still has; 0 rows renewed: the lock was taken over.
MATCH (l:CrawlLock {fingerprint: $fingerprint})
WHERE l.holder = $holderId
SET l.leaseUntil = datetime($now) + duration({milliseconds: $leaseMs})
RETURN count(l) AS renewed
