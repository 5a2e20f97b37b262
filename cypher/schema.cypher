// The graph's constraints and indexes, applied at every start (IF NOT EXISTS makes that idempotent).
// This file alone holds several statements, one per `;`-terminated line.
// Landing nodes: one per record, unique by page number and by natural key within their kind.
CREATE CONSTRAINT domain_id IF NOT EXISTS FOR (n:Domain) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT domain_key IF NOT EXISTS FOR (n:Domain) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT company_id IF NOT EXISTS FOR (n:Company) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT company_key IF NOT EXISTS FOR (n:Company) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT email_id IF NOT EXISTS FOR (n:Email) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT email_key IF NOT EXISTS FOR (n:Email) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT phone_id IF NOT EXISTS FOR (n:Phone) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT phone_key IF NOT EXISTS FOR (n:Phone) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT branch_id IF NOT EXISTS FOR (n:Branch) REQUIRE n.id IS UNIQUE;
CREATE INDEX landing_status IF NOT EXISTS FOR (n:Landing) ON (n.status);
CREATE INDEX landing_kind IF NOT EXISTS FOR (n:Landing) ON (n.kind);
CREATE INDEX landing_title IF NOT EXISTS FOR (n:Landing) ON (n.title);
CREATE INDEX domain_registrar IF NOT EXISTS FOR (n:Domain) ON (n.registrar);
CREATE INDEX company_inn IF NOT EXISTS FOR (n:Company) ON (n.inn);
CREATE INDEX company_ogrn IF NOT EXISTS FOR (n:Company) ON (n.ogrn);
// Crawls and their durable frontier.
CREATE CONSTRAINT crawl_id IF NOT EXISTS FOR (c:Crawl) REQUIRE c.id IS UNIQUE;
CREATE CONSTRAINT crawl_task_uid IF NOT EXISTS FOR (t:CrawlTask) REQUIRE t.uid IS UNIQUE;
CREATE INDEX crawl_task_queue IF NOT EXISTS FOR (t:CrawlTask) ON (t.crawlId, t.state, t.depth);
