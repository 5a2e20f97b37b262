// The newest crawl made with these settings ($fingerprint), to resume it or to report it complete.
MATCH (c:Crawl {fingerprint: $fingerprint})
RETURN c.id AS id, c.status AS status, c.startedAt AS startedAt, c.finishedAt AS finishedAt
ORDER BY c.startedAt DESC
LIMIT 1
