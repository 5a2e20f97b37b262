import { beforeEach, describe, expect } from 'vitest';
import type { LandingRef } from '../../src/api/refs.js';
import type { FaultOptions } from '../../src/sandbox/index.js';
import { groundTruth, reachable, type Sandbox } from '../../src/sandbox/index.js';
import { CrawlStore } from '../../src/store/crawl-store.js';
import { type CrawlExtras, type CrawlFixtures, crawlTest } from '../support/fixtures.js';
import { dumpGraph, expectedDump, statusesOnly } from '../support/graph-dump.js';
import { resetGraph } from '../support/neo4j.js';

const test = crawlTest({ records: 300, seed: 11 });

/**
 * This file's clients: quick retries. No fault here is a time-out, so the time-outs stay the client's: a short one
 * turned a test process that waited for the cores into a second request for a record, which the tests count.
 */
const quick = (extra: { apiKey?: string; rps?: number; maxAttempts?: number } = {}): CrawlExtras => ({
  client: {
    ...(extra.apiKey === undefined ? {} : { apiKey: extra.apiKey }),
    requestsPerSecond: extra.rps ?? Infinity,
    maxConcurrent: 8,
    retry: { baseDelayMs: 2, maxDelayMs: 20, maxAttempts: extra.maxAttempts ?? 12 },
  },
});
const companySeeds = (sandbox: Sandbox) =>
  sandbox.graph
    .ids('company')
    .slice(0, 2)
    .map((id) => ({ kind: 'company' as const, id }));

describe('runCrawl: sandbox over HTTP into a real Neo4j', () => {
  beforeEach<CrawlFixtures>(async ({ driver, sandbox }) => {
    await resetGraph(driver);
    sandbox.setFaults({});
    sandbox.stats.reset();
  });

  test.for([0, 1, 2])(
    'depth %i gives exactly the fetched, stub and edge sets of the ground truth',
    async (depth, { crawl, sandbox, driver, database }) => {
      const seeds = companySeeds(sandbox);
      const result = await crawl(seeds, { maxDepth: depth }, quick());
      expect(result.status).toBe('finished');
      const truth = reachable(sandbox.graph, seeds, depth);
      expect(statusesOnly(await dumpGraph(driver, database))).toEqual(expectedDump(truth));
      // Each record requested once: no path was asked for twice.
      const stats = sandbox.stats.snapshot();
      expect(Math.max(...Object.values(stats.byPath))).toBe(1);
      expect(stats.total).toBe(truth.fetched.length + truth.notFound.length);
    },
  );

  test('fetches the next level while the last commits of a level are still being written, and keeps depths exact', async ({
    crawl,
    sandbox,
    driver,
    database,
  }) => {
    const seeds = companySeeds(sandbox);
    const truth = reachable(sandbox.graph, seeds, 2);
    const depthOf = new Map(truth.fetched.map((r) => [`${r.kind}#${r.id}`, r.depth]));
    const events: { at: number; what: 'fetch' | 'committed'; depth: number }[] = [];
    let clock = 0;
    // Slow commits (as on a busy Neo4j) make the overlap visible; each commit notes its deepest record.
    class SlowStore extends CrawlStore {
      override async commit(...args: Parameters<CrawlStore['commit']>) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        const written = await super.commit(...args);
        const depths = args[1].done.map((d) => depthOf.get(d.uid.split('|').pop()!) ?? -1);
        events.push({ at: clock++, what: 'committed', depth: Math.max(...depths) });
        return written;
      }
    }
    const result = await crawl(
      seeds,
      { maxDepth: 2, commitIntervalMs: 20, commitEvery: 10 },
      {
        deps: (defaults) => ({
          fetch: (ref, crawlId) => {
            events.push({ at: clock++, what: 'fetch', depth: depthOf.get(`${ref.kind}#${ref.id}`) ?? -1 });
            return defaults.fetch(ref, crawlId);
          },
          store: new SlowStore(driver, database),
        }),
      },
    );
    expect(result.status).toBe('finished');
    expect(statusesOnly(await dumpGraph(driver, database))).toEqual(expectedDump(truth));
    const lastLevel1Commit = Math.max(...events.filter((e) => e.what === 'committed' && e.depth === 1).map((e) => e.at));
    const firstLevel2Fetch = Math.min(...events.filter((e) => e.what === 'fetch' && e.depth === 2).map((e) => e.at));
    expect(firstLevel2Fetch).toBeLessThan(lastLevel1Commit);
    // Never two levels ahead: no depth-2 record is fetched before every depth-0 record is written.
    const lastLevel0Commit = Math.max(...events.filter((e) => e.what === 'committed' && e.depth === 0).map((e) => e.at));
    expect(firstLevel2Fetch).toBeGreaterThan(lastLevel0Commit);
    expect(Math.max(...Object.values(sandbox.stats.snapshot().byPath))).toBe(1);
  });

  test('starts from natural keys, asks each record once, and gives it its shortest distance', async ({
    crawl,
    sandbox,
    driver,
    database,
  }) => {
    const company = sandbox.graph.node(sandbox.graph.ids('company')[0]!)!;
    const domain = sandbox.graph.node(sandbox.graph.ids('domain')[3]!)!;
    const seeds: LandingRef[] = [
      { kind: 'company', key: company.ogrn! },
      { kind: 'domain', key: domain.key! },
    ];
    await crawl(seeds, { maxDepth: 1 }, quick());
    const truth = reachable(
      sandbox.graph,
      [
        { kind: 'company', id: company.id },
        { kind: 'domain', id: domain.id },
      ],
      1,
    );
    expect(statusesOnly(await dumpGraph(driver, database))).toEqual(expectedDump(truth));
    const paths = Object.entries(sandbox.stats.snapshot().byPath);
    expect(paths.filter(([p]) => p.endsWith(`/company/${company.id}`))).toEqual([]);
    expect(Math.max(...paths.map(([, n]) => n))).toBe(1);
  });

  test('resumes nothing and requests nothing when the same crawl already finished; --refresh changes no counts', async ({
    crawl,
    sandbox,
    driver,
    database,
  }) => {
    const seeds = companySeeds(sandbox);
    await crawl(seeds, { maxDepth: 1 }, quick());
    const first = await dumpGraph(driver, database);
    sandbox.stats.reset();
    const again = await crawl(seeds, { maxDepth: 1 }, quick());
    expect(again.alreadyComplete).toBe(true);
    expect(sandbox.stats.snapshot().total).toBe(0);
    const refreshed = await crawl(seeds, { maxDepth: 1, refresh: true }, quick());
    expect(refreshed.alreadyComplete).toBe(false);
    expect(await dumpGraph(driver, database)).toEqual(first);
  });

  test('records a 404 as missing, once an answer of the run looked like the service', async ({ crawl, sandbox, driver, database }) => {
    const dangling = sandbox.graph.danglingIds[0]!;
    const kind = 'domain' as const;
    await crawl(
      [
        { kind, id: dangling },
        { kind: 'email', key: 'nobody@nowhere.invalid' },
        { kind: 'company', id: sandbox.graph.ids('company')[0]! },
      ],
      { maxDepth: 0 },
      quick(),
    );
    const rows = await driver.executeQuery(
      "MATCH (n:Landing) WHERE n.status = 'missing' RETURN n.kind AS kind, n.id AS id, n.key AS key, n.status AS status, n.error AS error ORDER BY kind",
      {},
      { database },
    );
    expect(rows.records.map((r) => r.toObject())).toEqual([
      { kind: 'domain', id: dangling, key: null, status: 'missing', error: 'API_NOT_FOUND' },
      { kind: 'email', id: null, key: 'nobody@nowhere.invalid', status: 'missing', error: 'API_NOT_FOUND' },
    ]);
  });

  test('stops at once on a refused key, records the failure, and writes nothing it did not fetch', async ({
    crawl,
    sandbox,
    driver,
    database,
  }) => {
    const error = await crawl(companySeeds(sandbox), { maxDepth: 2 }, quick({ apiKey: 'wrong-key' })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'API_AUTH' });
    expect(sandbox.stats.snapshot().total).toBeLessThanOrEqual(2);
    const rows = await driver.executeQuery('MATCH (c:Crawl) RETURN c.status AS status, c.error AS error', {}, { database });
    expect(rows.records[0]?.get('status')).toBe('failed');
    expect(String(rows.records[0]?.get('error'))).not.toContain('wrong-key');
    const landing = await driver.executeQuery('MATCH (n:Landing) RETURN count(n) AS n', {}, { database });
    expect(landing.records[0]?.get('n')).toBe(0);
  });

  test.for([
    ['a 5xx storm', { errorRate: 0.3, faultSeed: 5 }],
    ['429 bursts', { rateLimit429: { everyRequests: 15, burstLength: 3, retryAfterSeconds: 1 } }],
  ] as [string, FaultOptions][])(
    'ends complete and identical through %s',
    async ([_name, faults], { crawl, sandbox, driver, database }) => {
      const seeds = companySeeds(sandbox);
      sandbox.setFaults(faults);
      const result = await crawl(seeds, { maxDepth: 1 }, quick());
      expect(result.status).toBe('finished');
      expect(statusesOnly(await dumpGraph(driver, database))).toEqual(expectedDump(reachable(sandbox.graph, seeds, 1)));
    },
  );

  test('ends incomplete when records fail for good; the same crawl retries them and ends identical to a clean one', async ({
    crawl,
    sandbox,
    driver,
    database,
  }) => {
    const seeds = companySeeds(sandbox);
    sandbox.setFaults({ errorRate: 0.4, faultSeed: 9 });
    const first = await crawl(seeds, { maxDepth: 2 }, quick({ maxAttempts: 1 }));
    expect(first.status).toBe('incomplete');
    expect(first.totals.failed).toBeGreaterThan(0);
    sandbox.setFaults({});
    const second = await crawl(seeds, { maxDepth: 2 }, quick());
    expect(second.resumed).toBe(true);
    expect(second.requeuedFailed).toBe(first.totals.failed);
    expect(second.status).toBe('finished');
    expect(second.totals.failed).toBe(0);
    expect(statusesOnly(await dumpGraph(driver, database))).toEqual(expectedDump(reachable(sandbox.graph, seeds, 2)));
  });

  test('a second crawl whose ball overlaps a fresh first one requests only what the first did not fetch; --max-age 0 all', async ({
    crawl,
    sandbox,
    driver,
    database,
  }) => {
    const [a, b] = companySeeds(sandbox);
    const ballA = reachable(sandbox.graph, [a!], 2);
    const ballB = reachable(sandbox.graph, [b!], 2);
    const key = (r: { kind: string; id: number }) => `/api/v1/landing/${r.kind}/${r.id}`;
    const fetchedByA = new Set(ballA.fetched.map(key));
    await crawl([a!], { maxDepth: 2 }, quick());
    sandbox.stats.reset();
    const second = await crawl([b!], { maxDepth: 2 }, quick());
    const expected = [...ballB.fetched, ...ballB.notFound].map(key).filter((p) => !fetchedByA.has(p));
    expect(Object.keys(sandbox.stats.snapshot().byPath).sort()).toEqual(expected.sort());
    expect(second.totals.reused).toBe(ballB.fetched.length - (expected.length - ballB.notFound.length));
    expect(second.totals.reused).toBeGreaterThan(0);
    // The graph is the one of a crawl from both seeds that fetched everything.
    expect(statusesOnly(await dumpGraph(driver, database))).toEqual(expectedDump(reachable(sandbox.graph, [a!, b!], 2)));
    sandbox.stats.reset();
    const all = await crawl([b!], { maxDepth: 2, maxAgeMs: 0, refresh: true }, quick());
    expect(all.totals.reused).toBe(0);
    expect(sandbox.stats.snapshot().total).toBe(ballB.fetched.length + ballB.notFound.length);
  });

  test('follows only the chosen lists and kinds, and flags hubs cut by --max-fanout', async ({ crawl, sandbox, driver, database }) => {
    const hub = sandbox.graph.hubIds[0]!;
    const kind = sandbox.graph.kindOf(hub) as 'company' | 'domain';
    const result = await crawl([{ kind, id: hub }], { maxDepth: 1, maxFanout: 3, kinds: ['domain', 'company'] }, quick());
    expect(result.totals.fetched).toBeLessThanOrEqual(1 + 3 * 9);
    const rows = await driver.executeQuery(
      'MATCH (n:Landing {id: $id}) RETURN n.fanoutCut AS hub, n.cutLists AS lists, n.cutListLengths AS lengths',
      { id: hub },
      { database },
    );
    expect(rows.records[0]?.get('hub')).toBe(true);
    expect(Math.max(...(rows.records[0]!.get('lengths') as number[]))).toBeGreaterThan(3);
    const fetchedKinds = await driver.executeQuery(
      "MATCH (n:Landing {status: 'fetched'}) RETURN collect(DISTINCT n.kind) AS kinds",
      {},
      { database },
    );
    expect((fetchedKinds.records[0]!.get('kinds') as string[]).every((k) => k === 'domain' || k === 'company')).toBe(true);
  });

  test('links the fetched domains that share an IP or a name server in the ground truth to one pivot', async ({
    crawl,
    sandbox,
    driver,
    database,
  }) => {
    const seeds = companySeeds(sandbox);
    await crawl(seeds, { maxDepth: 2 }, quick());
    const fetched = new Set(
      reachable(sandbox.graph, seeds, 2)
        .fetched.filter((n) => n.kind === 'domain')
        .map((n) => n.id),
    );
    const shared = groundTruth(sandbox.graph).shared;
    let checked = 0;
    for (const [label, rel, groups] of [
      ['IP', 'RESOLVES_TO', shared.ip],
      ['NameServer', 'USES_NAME_SERVER', shared.nameServer],
    ] as const) {
      for (const group of groups) {
        const expectedIds = group.domainIds.filter((id) => fetched.has(id)).sort((a, b) => a - b);
        if (expectedIds.length < 2) continue;
        const rows = await driver.executeQuery(
          `MATCH (d:Domain)-[:${rel}]->(p:${label}) WHERE p.value = $value OR p.key = $value RETURN d.id AS id ORDER BY id`,
          { value: group.value },
          { database },
        );
        expect(
          rows.records.map((r) => r.get('id')),
          `${label} ${group.value}`,
        ).toEqual(expectedIds);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  test('with --follow contacts fetches the phones and e-mails that the seeds name in their blocks, each once', async ({
    crawl,
    sandbox,
    driver,
    database,
  }) => {
    const seeds = companySeeds(sandbox);
    await crawl(seeds, { maxDepth: 1, follow: ['contacts'] }, quick());
    expect(Math.max(...Object.values(sandbox.stats.snapshot().byPath))).toBe(1);
    const rows = await driver.executeQuery(
      'MATCH (s:Landing)-[:LISTS_CONTACT]->(t:Landing) WHERE s.id IN $ids RETURN t.status AS status, count(*) AS n',
      { ids: seeds.map((s) => s.id) },
      { database },
    );
    const byStatus = Object.fromEntries(rows.records.map((r) => [r.get('status'), r.get('n')]));
    expect(byStatus.fetched).toBeGreaterThan(0);
    expect(byStatus.stub).toBeUndefined();
  });
});
