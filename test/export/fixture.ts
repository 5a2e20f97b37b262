/**
 * The export tests' graph: the sandbox crawled into the test Neo4j the way test/crawl/crawler.int.test.ts does,
 * plus pivot nodes (IP, Registrar, Address, Person) derived from the crawled records' properties after the
 * pivot contract (src/graph/pivots/model.ts). MERGE on (kind, key) keeps this compatible with crawls that
 * write pivots themselves.
 */
import type { Driver } from 'neo4j-driver';
import type { LandingRef } from '../../src/api/refs.js';
import { SPECIALS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { toNeo4jParams } from '../../src/store/params.js';
import { crawlSandbox } from '../support/fixtures.js';
import { resetGraph, testConnection } from '../support/neo4j.js';

const PIVOTS = [
  `MATCH (d:Domain) WHERE d.status = 'fetched'
   UNWIND coalesce(d.dnsA, []) + CASE WHEN d.hostIp IS NULL THEN [] ELSE [d.hostIp] END AS ip
   MERGE (p:Pivot {kind: 'ip', key: ip}) ON CREATE SET p.value = ip, p.firstSeenAt = datetime($now)
   SET p:IP, p.lastSeenAt = datetime($now)
   MERGE (d)-[r:RESOLVES_TO]->(p) SET r.via = ['dns.a'], r.firstSeenAt = datetime($now), r.lastSeenAt = datetime($now)`,
  `MATCH (d:Domain) WHERE d.registrar IS NOT NULL
   MERGE (p:Pivot {kind: 'registrar', key: toLower(d.registrar)}) ON CREATE SET p.value = d.registrar
   SET p:Registrar
   MERGE (d)-[r:REGISTERED_WITH]->(p) SET r.via = ['whoIs.registrar']`,
  `MATCH (c:Company) WHERE c.registrationAddress IS NOT NULL
   MERGE (p:Pivot {kind: 'address', key: toLower(c.registrationAddress)}) ON CREATE SET p.value = c.registrationAddress
   SET p:Address
   MERGE (c)-[r:REGISTERED_AT]->(p) SET r.via = ['companyInfo.registrationAddress']`,
  `MATCH (c:Company) WHERE c.managers IS NOT NULL
   UNWIND c.managers AS name
   MERGE (p:Pivot {kind: 'person', key: 'name:' + toLower(name)}) ON CREATE SET p.value = name, p.name = name
   SET p:Person
   MERGE (c)-[r:HAS_OFFICER {role: 'manager'}]->(p) SET r.via = ['companyManagersAndFounders.managers']`,
];

/** Add pivot nodes and links derived from the crawled records (idempotent). */
export async function addPivots(driver: Driver): Promise<void> {
  const database = testConnection().database;
  for (const statement of PIVOTS) await driver.executeQuery(statement, { now: '2026-11-21T12:00:00.000Z' }, database ? { database } : {});
}

/** A title no output may break on: markup, a Cypher injection, quotes, backslashes, controls, separators, Cyrillic, emoji. */
export const HOSTILE_TITLE = `<script>alert(1)</script> '}) DETACH DELETE n // "Кавычки" \\ \\u0027 \`tick\` tab\there\nnew line\u0001\u2028 🚀👍🏽 &amp; ]]>`;

export interface ExportGraph {
  sandbox: Sandbox;
  /** The export tests' seeds: a regular company and the sandbox's hostile-title company. */
  seeds: LandingRef[];
  /** The element key of the domain whose title was made HOSTILE_TITLE. */
  hostileDomain: string;
}

/**
 * On an empty database: crawl two companies to depth 1 and the special hostile-title company to depth 0
 * (its neighbours, with quote and emoji titles, become stubs), add pivots where the crawl wrote none, and
 * give one domain next to the first seed HOSTILE_TITLE.
 */
export async function buildExportGraph(driver: Driver): Promise<ExportGraph> {
  const sandbox = await startSandbox({ records: 200, seed: 3, specials: true });
  await resetGraph(driver);
  const companies = sandbox.graph
    .ids('company')
    .slice(0, 2)
    .map((id) => ({ kind: 'company' as const, id }));
  await crawlSandbox(driver, sandbox, companies, 1);
  await crawlSandbox(driver, sandbox, [{ kind: 'company', key: SPECIALS.hostileTitle.inn }], 0);
  const database = testConnection().database;
  const opts = database ? { database } : {};
  const pivots = await driver.executeQuery('MATCH (p:Pivot) RETURN count(p) AS n', {}, opts);
  if (pivots.records[0]?.get('n') === 0) await addPivots(driver);
  const hostile = await driver.executeQuery(
    'MATCH (:Company {id: $id})--(d:Domain) WITH d ORDER BY d.id LIMIT 1 SET d.title = $title RETURN d.id AS id',
    toNeo4jParams({ id: companies[0]!.id, title: HOSTILE_TITLE }),
    opts,
  );
  return {
    sandbox,
    seeds: [companies[0]!, { kind: 'company', key: SPECIALS.hostileTitle.inn }],
    hostileDomain: `domain#${hostile.records[0]?.get('id')}`,
  };
}
