// A run of a crawl ends: finished, interrupted (resumable), failed (e.g. the key was refused) or budget.
// $stats: this run's figures (numbers only) as run* properties.
MATCH (c:Crawl {id: $crawlId})
SET c.status = $status, c.lastRunEndedAt = datetime($now), c += $stats, c.error = $error
FOREACH (_ IN CASE WHEN $status = 'finished' THEN [1] ELSE [] END | SET c.finishedAt = datetime($now))
