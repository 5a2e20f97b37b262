// Case file: when `networks` last wrote a network over the whole graph or a crawl (null: never), and over which
// scope, so a seed in none of them is told apart from networks never computed. Read only.
MATCH (net:Network)
WHERE any(s IN net.scopes WHERE s = 'all' OR s STARTS WITH 'crawl:')
RETURN toString(net.computedAt) AS computedAt, [s IN net.scopes WHERE s = 'all' OR s STARTS WITH 'crawl:'] AS scopes
ORDER BY net.computedAt DESC
LIMIT 1
