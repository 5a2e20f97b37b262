// Whether `node` is listed public infrastructure (src/graph/public-infrastructure.ts, whose lists come as
// $nameServerSuffixes, $mailServerSuffixes and $webmailDomains): a name or mail server at or under a listed provider
// (`ns2.cloudflare.com` under `cloudflare.com`; a suffix without a dot, `awsdns`, starts any label), or a webmail
// domain. Such a node ties nothing whatever its count. Keys are stored lower-case without a trailing dot; a node
// without a key (a record served without a title) is not listed: never null, so that NOT of it stays a verdict. An
// expression, not a statement: a statement or fragment takes it with `// include: public-infrastructure node=<var>`.
// variables: node
coalesce(
  ((node:NameServer OR node:MailServer)
   AND any(suffix IN CASE WHEN node:NameServer THEN $nameServerSuffixes ELSE $mailServerSuffixes END
           WHERE node.key = suffix OR node.key ENDS WITH '.' + suffix
              OR (NOT suffix CONTAINS '.' AND any(label IN split(node.key, '.') WHERE label STARTS WITH suffix))))
  OR (node:Domain AND node.key IN $webmailDomains),
  false)
