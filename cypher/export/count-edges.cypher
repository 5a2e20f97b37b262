// Export: how many relationships run between the collected nodes ($ids), counted before any is read.
MATCH (a) WHERE elementId(a) IN $ids
MATCH (a)-[r]->(b)
WHERE elementId(b) IN $ids
RETURN count(r) AS edges
