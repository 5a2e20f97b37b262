// Scope (src/store/scope.ts, docs/scope.md): what the records of a ball state, for the export. The Landing and Pivot
// nodes one OUTGOING `stated` relationship away from the $frontier records (the ball's records): the records they
// list (the stubs one hop past the ball among them), the companies, contacts and officers they name, their
// addresses, IPs, name and mail servers, technologies...; not in $seen, at most $limit of them. History
// (RecordVersion) and crawl bookkeeping are never reached. $removed and $asOf as in cypher/scope/lists.cypher.
MATCH (a:Landing) WHERE elementId(a) IN $frontier
// types: stated
MATCH (a)-[r:RELATED|SIMILAR|COMPETITOR|LISTS_CONTACT|NAMES_COMPANY|RESOLVES_TO|USES_NAME_SERVER|USES_MAIL_SERVER|REGISTERED_WITH|USES_TECHNOLOGY|HAS_OFFICER|REGISTERED_AT|HAS_PROFILE|HAS_ACTIVITY]->(b)
WHERE (b:Landing OR b:Pivot) AND NOT elementId(b) IN $seen
  AND CASE WHEN $removed THEN true
           WHEN $asOf IS NULL THEN r.removedAt IS NULL
           ELSE r.firstSeenAt <= datetime($asOf) AND b.firstSeenAt <= datetime($asOf)
                AND size([x IN coalesce(r.removals, []) WHERE x <= datetime($asOf)])
                    = size([x IN coalesce(r.returns, []) WHERE x <= datetime($asOf)]) END
RETURN DISTINCT elementId(b) AS element
LIMIT $limit
