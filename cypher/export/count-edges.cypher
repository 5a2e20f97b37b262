// Export: how many relationships run between the collected nodes ($ids), counted before any is read. $asOf
// as in export/neighbours: null counts the current relationships, else those that existed then.
MATCH (a) WHERE elementId(a) IN $ids
MATCH (a)-[r]->(b)
WHERE elementId(b) IN $ids
  AND CASE WHEN $asOf IS NULL THEN r.removedAt IS NULL
           ELSE r.firstSeenAt <= datetime($asOf)
                AND size([x IN coalesce(r.removals, []) WHERE x <= datetime($asOf)])
                    = size([x IN coalesce(r.returns, []) WHERE x <= datetime($asOf)]) END
RETURN count(r) AS edges
