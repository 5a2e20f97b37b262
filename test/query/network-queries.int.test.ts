import { describe, expect } from 'vitest';
import { computeNetworks, type ComputeResult } from '../../src/network/index.js';
import { findQuery, loadQueries, runQuery } from '../../src/query/library.js';
import { bindParams } from '../../src/query/params.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';
import { personOf } from '../../src/sandbox/shared-values.js';
import type { Row } from '../../src/store/executor.js';
import { crawlSandbox } from '../support/fixtures.js';
import { sandboxTest, withSetUp } from '../support/fixtures.js';
import { resetGraph, testConnection } from '../support/neo4j.js';

const queries = loadQueries();

describe('network queries (network-of, networks-by-size, what-ties) on planted networks crawled into a real Neo4j', () => {
  const { graph, truth } = plantNetworks();
  const planted = truth.networks[2]!.members;
  const companies = planted.filter((m) => m.kind === 'company');
  const officer = personOf(7, 1004); // the officer of planted network 2 (planted-networks.ts: 1000 + 2k)
  const nominee = personOf(7, 0);
  // A filler company managed by the nominee director (a hub of 150 companies).
  const filler = truth.fillers[101]!; // no site, not listing the webmail
  let computed: ComputeResult;
  const database = testConnection().database;

  const test = withSetUp(sandboxTest({ graph }), async ({ sandbox, driver }) => {
    await resetGraph(driver);
    const crawlId = await crawlSandbox(driver, sandbox, truth.seeds, 1);
    computed = await computeNetworks(driver, { type: 'crawl', crawlId }, { database });
  }).extend<{ run: (name: string, ...assignments: string[]) => Promise<Row[]> }>({
    /** Run a query of the library by name with `name=value` assignments; every row has the query's columns. */
    run: async ({ driver }, use) => {
      await use(async (name, ...assignments) => {
        const query = findQuery(queries, name);
        const result = await runQuery(driver, query, bindParams(query, assignments), { database });
        for (const row of result.rows) expect(Object.keys(row)).toEqual(query.columns);
        return result.rows;
      });
    },
  });

  test('network-of: the network holding a company, with its members; by key or page number; none for a filler', async ({ run }) => {
    const expected = computed.networks.find((n) => n.members.some((m) => m.key === companies[0]!.key))!;
    const rows = await run('network-of', 'kind=company', `key=${companies[0]!.key}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ network: expected.id, size: expected.size, score: expected.score, scopes: [computed.scope] });
    const members = rows[0]!.members as string[];
    expect(members).toHaveLength(expected.size);
    expect(members[0]).toMatch(/^company \d+ \S/); // companies first, with their title
    expect(planted.filter((m) => members.some((x) => x.startsWith(`${m.kind} ${m.key}`))).length / planted.length).toBeGreaterThanOrEqual(
      0.9,
    );
    expect(await run('network-of', 'kind=company', `id=${companies[0]!.id}`)).toEqual(rows);
    const domain = planted.find((m) => m.kind === 'domain')!;
    expect((await run('network-of', 'kind=domain', `key=${domain.key.toUpperCase()}`))[0]?.network).toBe(expected.id);
    expect(await run('network-of', 'kind=company', `id=${filler}`)).toEqual([]);
  });

  test('networks-by-size: largest first, members counted, top evidence without the hubs unless maxShared lets them in', async ({ run }) => {
    const rows = await run('networks-by-size', 'limit=100');
    expect(rows.map((r) => r.network).sort()).toEqual(computed.networks.map((n) => n.id).sort());
    const sizes = rows.map((r) => Number(r.size));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    for (const r of rows) expect(r.members).toBe(r.size);
    const ours = rows.find((r) => r.network === computed.networks.find((n) => n.members.some((m) => m.key === companies[0]!.key))!.id)!;
    expect((ours.companies as string[]).length).toBe(companies.length);
    const evidence = ours.topEvidence as string[];
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence.every((e) => /^(officer|company|address|phone|email|domain|ip|nameServer|mailServer) .+ \(\d+\)$/.test(e))).toBe(true);
    expect(evidence.join('\n')).not.toContain(truth.noise.hostingIp.key);
    const loose = (await run('networks-by-size', 'limit=100', 'maxShared=500')).find((r) => r.network === ours.network)!;
    expect((loose.topEvidence as string[]).join('\n')).toContain(truth.noise.hostingIp.key);
    expect(await run('networks-by-size', `minSize=${Math.max(...sizes) + 1}`)).toEqual([]);
    expect(await run('networks-by-size', 'scope=crawl:no-such-crawl')).toEqual([]);
    expect((await run('networks-by-size', `scope=${computed.scope}`)).length).toBe(Math.min(50, rows.length));
    expect(rows.every((r) => r.flagged === 0)).toBe(true); // `flags` has not run
  });

  test('networks-by-size by=flags: the networks with a listed member first, then those whose members carry current red flags', async ({
    run,
    driver,
  }) => {
    // A flag on one company of planted network 2, as `landing-graph flags` writes it (test/flags/ tests the rules).
    await driver.executeQuery(
      `MATCH (c:Company {key: $key}) MERGE (f:Flag {uid: 'test|' + $key}) SET f.rule = 'mass-officer', f.severity = 'high', f.score = 0.9
       MERGE (f)-[:FLAGS]->(c)`,
      { key: companies[1]!.key },
      { database },
    );
    const rows = await run('networks-by-size', 'limit=100', 'by=flags');
    const ours = computed.networks.find((n) => n.members.some((m) => m.key === companies[1]!.key))!.id;
    expect(rows[0]).toMatchObject({ network: ours, flagged: 1, listed: 0 });
    expect(rows.slice(1).every((r) => r.flagged === 0)).toBe(true);
    const bySize = await run('networks-by-size', 'limit=100');
    expect(bySize.find((r) => r.network === ours)?.flagged).toBe(1);

    // A second flag in ours, and a company of planted network 0 on a watch list (rule listed, as `screen` flags it):
    // the network with a listed member comes first, fewer flagged members notwithstanding, as `networks` ranks.
    const listedKey = truth.networks[0]!.members.find((m) => m.kind === 'company')!.key;
    await driver.executeQuery(
      `MATCH (c:Company {key: $key}) MERGE (f:Flag {uid: 'test|' + $key}) SET f.rule = 'young-company', f.severity = 'low', f.score = 0.5
       MERGE (f)-[:FLAGS]->(c)`,
      { key: companies[2]!.key },
      { database },
    );
    await driver.executeQuery(
      `MATCH (c:Company {key: $key}) MERGE (f:Flag {uid: 'test|' + $key}) SET f.rule = 'listed', f.severity = 'high', f.score = 1
       MERGE (f)-[:FLAGS]->(c)`,
      { key: listedKey },
      { database },
    );
    const listedFirst = await run('networks-by-size', 'limit=100', 'by=flags');
    const theirs = computed.networks.find((n) => n.members.some((m) => m.key === listedKey))!.id;
    expect(listedFirst.slice(0, 2)).toMatchObject([
      { network: theirs, flagged: 1, listed: 1 },
      { network: ours, flagged: 2, listed: 0 },
    ]);
    await driver.executeQuery("MATCH (f:Flag) WHERE f.uid STARTS WITH 'test|' DETACH DELETE f", {}, { database });
  });

  test('what-ties: the shared officer and address of two companies of one network; the nominee only when it is no hub', async ({ run }) => {
    // Companies 0 and 3 of a planted network: the officer founded both; both are registered at the network's address.
    const [a, b] = [companies[0]!, companies[3]!];
    const rows = await run('what-ties', 'fromKind=company', `fromKey=${a.key}`, 'toKind=company', `toKey=${b.key}`);
    const shared = rows.filter((r) => r.tie === 'shared identifier');
    expect(shared.map((r) => r.hops)).toEqual(shared.map(() => 2));
    const identifiers = shared.map((r) => (r.identifiers as string[])[0]);
    expect(identifiers).toContain(`officer ${officer.name}`);
    expect(identifiers.some((i) => i?.startsWith('address '))).toBe(true);
    expect(shared.find((r) => (r.identifiers as string[])[0] === `officer ${officer.name}`)?.route).toMatch(
      new RegExp(`-HAS_OFFICER-> ${officer.name} <-HAS_OFFICER- `),
    );

    // The first company and a filler share only the nominee director: a hub, so nothing ties them — unless allowed.
    const ids = ['fromKind=company', `fromId=${a.id}`, 'toKind=company', `toId=${filler}`];
    expect((await run('what-ties', ...ids)).flatMap((r) => r.identifiers as string[])).not.toContainEqual(`officer ${nominee.name}`);
    const loose = await run('what-ties', ...ids, 'maxShared=500');
    expect(loose[0]).toMatchObject({ hops: 2, tie: 'shared identifier', identifiers: [`officer ${nominee.name}`] });

    // A site and the company it names: one link.
    const site = planted.find((m) => m.key === 'net2-site0.ru')!;
    const direct = await run('what-ties', 'fromKind=domain', `fromKey=${site.key}`, 'toKind=company', `toKey=${a.key}`);
    expect(direct[0]).toMatchObject({ hops: 1, tie: 'one names the other', identifiers: [] });
    expect(await run('what-ties', 'fromKind=company', `fromKey=${a.key}`, 'toKind=company', `toKey=${a.key}`)).toEqual([]);
  });

  test('what-ties: a SAME_AS an analyst accepted ties two companies that share nothing else, directly and in chains', async ({
    run,
    driver,
  }) => {
    const a = companies[0]!;
    const b = companies[3]!;
    const ids = ['fromKind=company', `fromId=${a.id}`, 'toKind=company', `toId=${filler}`];
    expect(await run('what-ties', ...ids)).toEqual([]);
    // The relationship as `resolve --apply` writes it (cypher/resolve/apply-decisions.cypher).
    const session = driver.session({ database });
    try {
      await session.run(
        `MATCH (x:Company {id: $a}), (y:Company {id: $b})
         MERGE (x)-[s:SAME_AS {pairId: 'test-pair'}]->(y) SET s.rule = 'test', s.score = 1.0, s.by = 'test'`,
        { a: a.id, b: filler },
      );
    } finally {
      await session.close();
    }
    const rows = await run('what-ties', ...ids);
    expect(rows[0]).toMatchObject({ hops: 1, tie: 'accepted as the same', identifiers: [] });
    expect(rows[0]!.route).toMatch(/ -SAME_AS-> /);
    // Company 3 shares identifiers with company 0, none with the filler: the chain goes through the SAME_AS.
    const chain = await run('what-ties', 'fromKind=company', `fromId=${b.id}`, 'toKind=company', `toId=${filler}`);
    expect(chain.length).toBeGreaterThan(0);
    expect(chain[0]).toMatchObject({ hops: 3, tie: 'chain' });
    expect(chain.every((r) => String(r.route).includes('SAME_AS'))).toBe(true);
  });
});
