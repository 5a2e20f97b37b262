// Whether cypher/migrations/lower-case-copies.cypher has run on this graph: its mark (mark-done.cypher), written once
// every node has its copy, is what find-entity checks before it trusts the copies.
OPTIONAL MATCH (done:Migration {name: 'lower-case-copies'})
RETURN done IS NOT NULL AS done
