// The graph's constraints and indexes, applied at every start (IF NOT EXISTS makes that idempotent).
// This file alone holds several statements, one per `;`-terminated line.
// Landing nodes: one per record, unique by page number and by natural key within their kind. The writer
// MERGEs on these composite keys; the per-label indexes serve analysts' lookups (MATCH (d:Domain {key: …})).
CREATE CONSTRAINT landing_kind_id IF NOT EXISTS FOR (n:Landing) REQUIRE (n.kind, n.id) IS UNIQUE;
CREATE CONSTRAINT landing_kind_key IF NOT EXISTS FOR (n:Landing) REQUIRE (n.kind, n.key) IS UNIQUE;
CREATE INDEX domain_key IF NOT EXISTS FOR (n:Domain) ON (n.key);
CREATE INDEX domain_id IF NOT EXISTS FOR (n:Domain) ON (n.id);
CREATE INDEX company_key IF NOT EXISTS FOR (n:Company) ON (n.key);
CREATE INDEX company_id IF NOT EXISTS FOR (n:Company) ON (n.id);
CREATE INDEX email_key IF NOT EXISTS FOR (n:Email) ON (n.key);
CREATE INDEX email_id IF NOT EXISTS FOR (n:Email) ON (n.id);
CREATE INDEX phone_key IF NOT EXISTS FOR (n:Phone) ON (n.key);
CREATE INDEX phone_id IF NOT EXISTS FOR (n:Phone) ON (n.id);
CREATE INDEX branch_id IF NOT EXISTS FOR (n:Branch) ON (n.id);
CREATE INDEX landing_status IF NOT EXISTS FOR (n:Landing) ON (n.status);
CREATE INDEX landing_kind IF NOT EXISTS FOR (n:Landing) ON (n.kind);
CREATE INDEX domain_registrar IF NOT EXISTS FOR (n:Domain) ON (n.registrar);
CREATE INDEX domain_registrant_inn IF NOT EXISTS FOR (n:Domain) ON (n.registrantInn);
CREATE INDEX domain_registrant_organization IF NOT EXISTS FOR (n:Domain) ON (n.registrantOrganization);
CREATE INDEX domain_created_at IF NOT EXISTS FOR (n:Domain) ON (n.createdAt);
CREATE INDEX company_inn IF NOT EXISTS FOR (n:Company) ON (n.inn);
CREATE INDEX company_ogrn IF NOT EXISTS FOR (n:Company) ON (n.ogrn);
// Crawls and their durable frontier.
CREATE CONSTRAINT crawl_id IF NOT EXISTS FOR (c:Crawl) REQUIRE c.id IS UNIQUE;
CREATE CONSTRAINT crawl_task_uid IF NOT EXISTS FOR (t:CrawlTask) REQUIRE t.uid IS UNIQUE;
CREATE INDEX crawl_task_queue IF NOT EXISTS FOR (t:CrawlTask) ON (t.crawlId, t.state, t.depth);
// Networks: one :Network per id (cypher/network/write-networks.cypher MERGEs on it).
CREATE CONSTRAINT network_id IF NOT EXISTS FOR (n:Network) REQUIRE n.id IS UNIQUE;
// Red flags: one :Flag per rule and record (cypher/flags/write.cypher MERGEs on uid).
CREATE CONSTRAINT flag_uid IF NOT EXISTS FOR (f:Flag) REQUIRE f.uid IS UNIQUE;
// History (docs/history.md): versions of records by when they were replaced.
CREATE INDEX record_version_superseded IF NOT EXISTS FOR (v:RecordVersion) ON (v.supersededAt);
CREATE INDEX landing_first_fetched IF NOT EXISTS FOR (n:Landing) ON (n.firstFetchedAt);
// The change report (cypher/changes/records.cypher) finds the records of a window through these.
CREATE INDEX landing_changed_at IF NOT EXISTS FOR (n:Landing) ON (n.changedAt);
CREATE INDEX landing_gone_at IF NOT EXISTS FOR (n:Landing) ON (n.goneAt);
CREATE INDEX landing_back_at IF NOT EXISTS FOR (n:Landing) ON (n.backAt);
// The links a later answer no longer had (cypher/history/retire-unseen.cypher sets removedAt on each type it retires:
// stated + AT_DOMAIN): Neo4j's counts still count them, and hubs and graph-overview read them to take them off. An
// index holds only the links with the property, so those reads cost what was removed, not every link of every record
// that ever changed, and a link written without removedAt costs the index nothing.
CREATE INDEX related_removed_at IF NOT EXISTS FOR ()-[r:RELATED]-() ON (r.removedAt);
CREATE INDEX similar_removed_at IF NOT EXISTS FOR ()-[r:SIMILAR]-() ON (r.removedAt);
CREATE INDEX competitor_removed_at IF NOT EXISTS FOR ()-[r:COMPETITOR]-() ON (r.removedAt);
CREATE INDEX lists_contact_removed_at IF NOT EXISTS FOR ()-[r:LISTS_CONTACT]-() ON (r.removedAt);
CREATE INDEX names_company_removed_at IF NOT EXISTS FOR ()-[r:NAMES_COMPANY]-() ON (r.removedAt);
CREATE INDEX resolves_to_removed_at IF NOT EXISTS FOR ()-[r:RESOLVES_TO]-() ON (r.removedAt);
CREATE INDEX uses_name_server_removed_at IF NOT EXISTS FOR ()-[r:USES_NAME_SERVER]-() ON (r.removedAt);
CREATE INDEX uses_mail_server_removed_at IF NOT EXISTS FOR ()-[r:USES_MAIL_SERVER]-() ON (r.removedAt);
CREATE INDEX registered_with_removed_at IF NOT EXISTS FOR ()-[r:REGISTERED_WITH]-() ON (r.removedAt);
CREATE INDEX uses_technology_removed_at IF NOT EXISTS FOR ()-[r:USES_TECHNOLOGY]-() ON (r.removedAt);
CREATE INDEX has_officer_removed_at IF NOT EXISTS FOR ()-[r:HAS_OFFICER]-() ON (r.removedAt);
CREATE INDEX registered_at_removed_at IF NOT EXISTS FOR ()-[r:REGISTERED_AT]-() ON (r.removedAt);
CREATE INDEX has_profile_removed_at IF NOT EXISTS FOR ()-[r:HAS_PROFILE]-() ON (r.removedAt);
CREATE INDEX has_activity_removed_at IF NOT EXISTS FOR ()-[r:HAS_ACTIVITY]-() ON (r.removedAt);
CREATE INDEX at_domain_removed_at IF NOT EXISTS FOR ()-[r:AT_DOMAIN]-() ON (r.removedAt);
CREATE CONSTRAINT crawl_lock_fingerprint IF NOT EXISTS FOR (l:CrawlLock) REQUIRE l.fingerprint IS UNIQUE;
// Pivots (src/graph/pivots/model.ts): shared values taken from records' blocks, one node per (kind, key);
// the per-label indexes serve analysts' lookups (MATCH (i:IP {key: …})).
CREATE CONSTRAINT pivot_kind_key IF NOT EXISTS FOR (p:Pivot) REQUIRE (p.kind, p.key) IS UNIQUE;
CREATE INDEX pivot_ip_key IF NOT EXISTS FOR (n:IP) ON (n.key);
CREATE INDEX pivot_name_server_key IF NOT EXISTS FOR (n:NameServer) ON (n.key);
CREATE INDEX pivot_mail_server_key IF NOT EXISTS FOR (n:MailServer) ON (n.key);
CREATE INDEX pivot_registrar_key IF NOT EXISTS FOR (n:Registrar) ON (n.key);
CREATE INDEX pivot_technology_key IF NOT EXISTS FOR (n:Technology) ON (n.key);
CREATE INDEX pivot_person_key IF NOT EXISTS FOR (n:Person) ON (n.key);
CREATE INDEX pivot_person_inn IF NOT EXISTS FOR (n:Person) ON (n.inn);
CREATE INDEX pivot_address_key IF NOT EXISTS FOR (n:Address) ON (n.key);
CREATE INDEX pivot_social_profile_key IF NOT EXISTS FOR (n:SocialProfile) ON (n.key);
CREATE INDEX pivot_activity_key IF NOT EXISTS FOR (n:Activity) ON (n.key);
// find-entity (cypher/fragments/found-by-text.cypher) seeks substrings in these trigram text indexes: records' keys
// as they are (lower case), their titles in lower-case copies, pivots' keys and values in one lower-case text, which
// their writers set with them.
CREATE TEXT INDEX landing_key_text IF NOT EXISTS FOR (n:Landing) ON (n.key);
CREATE TEXT INDEX landing_title_lower IF NOT EXISTS FOR (n:Landing) ON (n.titleLower);
CREATE TEXT INDEX pivot_text_lower IF NOT EXISTS FOR (n:Pivot) ON (n.textLower);
// What find-entity read before the text indexes: no statement reads them now, and each costs every write of a title or
// a pivot.
DROP INDEX landing_title IF EXISTS;
DROP INDEX pivot_value IF EXISTS;
// Data migrations done (cypher/migrations/mark-done.cypher), where a statement must know one ran.
CREATE CONSTRAINT migration_name IF NOT EXISTS FOR (m:Migration) REQUIRE m.name IS UNIQUE;
// Landing nodes whose key another node held when written (cypher/pivots/adopt-key-stubs.cypher looks them up).
CREATE INDEX landing_key_conflict IF NOT EXISTS FOR (n:Landing) ON (n.keyConflict);
// Records still carrying the fan-out cut's old names, for cypher/migrations/fanout-cut-names.cypher: empty once it ran.
CREATE INDEX landing_old_fanout_cut IF NOT EXISTS FOR (n:Landing) ON (n.hub);
// Resolve (cypher/resolve/): one :ResolveDecision per decided pair; SAME_AS found by its pair id on apply and undo.
CREATE CONSTRAINT resolve_decision_pair IF NOT EXISTS FOR (d:ResolveDecision) REQUIRE d.pairId IS UNIQUE;
CREATE INDEX same_as_pair IF NOT EXISTS FOR ()-[s:SAME_AS]-() ON (s.pairId);
// Screen (cypher/screen/): one :ListEntry per watch list and matched entity (write-hits.cypher MERGEs on both).
CREATE CONSTRAINT list_entry_key IF NOT EXISTS FOR (e:ListEntry) REQUIRE (e.list, e.entityId) IS UNIQUE;
