import { describe, expect } from 'vitest';
import type { LandingRef } from '../../src/api/refs.js';
import { computeNetworks, memberKey, type NetworkMember, type NetworkScope } from '../../src/network/index.js';
import { runNamed } from '../../src/store/executor.js';
import { crawlTest, withSetUp } from './fixtures.js';
import { resetGraph, testConnection } from './neo4j.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';

type Result = { networks: { id: string; members: NetworkMember[] }[] };

/**
 * Planted networks inside a generated world of `records` records whose domains share public name servers (Cloudflare),
 * a hosting company's name servers and the hosting IP with the planted ones (planted-networks.ts), crawled over HTTP
 * into a real Neo4j, and `networks` asked in every scope form: the whole graph, `--crawl <id>`, and the crawl's own
 * seeds and depth (`records` undefined: the planted world alone, where a shared hosting name server is no hub by
 * its count). Passes when every planted network crawled is found with >= 90 % of its crawled members in one
 * network, and no network holds members of two planted networks. One file per size (the sandbox is per file).
 */
export function plantedAtScale(records?: number): void {
  const world = records === undefined ? 'alone (no world around them)' : `in a world of ${records.toLocaleString('en')} records`;
  describe(`networks on planted networks ${world}`, () => {
    const { graph, truth } = plantNetworks(records === undefined ? {} : { records });
    const database = testConnection().database;
    // The whole world: every company of it, depth 1 (what they list is fetched too).
    const wholeSeeds: LandingRef[] = [...graph.ids('company').map((id) => ({ kind: 'company' as const, id }))];
    // The issue's first finding: three networks' first companies, depth 2 over every list.
    const fewSeeds: LandingRef[] = truth.networks.slice(0, 3).map((n) => ({ kind: 'company', id: n.members[0]?.id as number }));
    const crawls = { whole: '', few: '' };
    // The large planted networks, then the three small ones that share only a hosting company's name servers.
    const planted = [...truth.networks, ...truth.smallNetworks];

    const test = withSetUp(crawlTest({ graph }), async ({ crawl, driver }) => {
      await resetGraph(driver);
      const retry = { client: { retry: { baseDelayMs: 2, maxDelayMs: 20, maxAttempts: 6 } } };
      const whole = await crawl(wholeSeeds, { maxDepth: 1, commitIntervalMs: 200 }, retry);
      expect(whole.status).toBe('finished');
      crawls.whole = whole.crawlId;
      const few = await crawl(fewSeeds, { maxDepth: 2, commitIntervalMs: 200 }, retry);
      expect(few.status).toBe('finished');
      crawls.few = few.crawlId;
    });

    const fetchedBy = async (driver: Parameters<typeof computeNetworks>[0], crawlId: string): Promise<Set<string>> => {
      const session = driver.session(database ? { database } : {});
      try {
        const rows = await session.executeRead((tx) =>
          runNamed(tx, 'flags/crawl-records', { crawlId }).then(async ([row]) => {
            const elements = (row?.elements as string[] | undefined) ?? [];
            const result = await tx.run(
              'MATCH (n:Landing) WHERE elementId(n) IN $elements RETURN n.kind AS kind, n.id AS id, n.key AS key',
              {
                elements,
              },
            );
            return result.records.map((r) => r.toObject());
          }),
        );
        return new Set(rows.map((r) => (r.key === null ? `${String(r.kind)}#${Number(r.id)}` : `${String(r.kind)}:${String(r.key)}`)));
      } finally {
        await session.close();
      }
    };

    /** Every planted network with two or more members in `within` found with >= 90 % of those in one network; none mixed. */
    function expectPlantedFound(result: Result, within: Set<string> | null): number {
      const plantedOf = new Map<string, number>();
      planted.forEach((n, i) => {
        for (const m of n.members) plantedOf.set(memberKey(m), i);
      });
      let checked = 0;
      for (const [i, network] of planted.entries()) {
        const keys = new Set(network.members.map(memberKey).filter((k) => within === null || within.has(k)));
        if (keys.size < 2) continue;
        checked++;
        const best = Math.max(0, ...result.networks.map((n) => n.members.filter((m) => keys.has(memberKey(m))).length));
        expect(best / keys.size, `planted network ${i} (${keys.size} members in scope)`).toBeGreaterThanOrEqual(0.9);
      }
      for (const network of result.networks) {
        const holds = new Set(network.members.map((m) => plantedOf.get(memberKey(m))).filter((p) => p !== undefined));
        expect([...holds], `network ${network.id} of ${network.members.length} members`).toHaveLength(Math.min(holds.size, 1));
      }
      return checked;
    }

    /**
     * The networks of the scope by both engines, each checked on its own; they must also agree network for network
     * (two implementations of the components: union-find in this process, WCC in Graph Data Science).
     */
    const networksOf = async (driver: Parameters<typeof computeNetworks>[0], scope: NetworkScope, check: (r: Result) => void) => {
      const gds = await computeNetworks(driver, scope, { database, write: false, engine: 'gds' });
      const memory = await computeNetworks(driver, scope, { database, write: false, engine: 'memory' });
      expect(gds.engine.name).toBe('gds');
      expect(memory.engine.name).toBe('memory');
      check(gds);
      check(memory);
      const summary = (r: Result) => r.networks.map((n) => `${n.id} ${n.members.length}`);
      expect(summary(gds)).toEqual(summary(memory));
    };

    // The first test also waits for the file's set-up: the crawl of the whole world.
    test('the whole graph: every planted network found whole, none mixed with another, by both engines', async ({ driver }) => {
      await networksOf(driver, { type: 'all' }, (r) => expect(expectPlantedFound(r, null)).toBe(planted.length));
    });

    test('--crawl of the whole world, and the same seeds and depth: the same networks', async ({ driver }) => {
      const whole = (r: Result) => expect(expectPlantedFound(r, null)).toBe(planted.length);
      await networksOf(driver, { type: 'crawl', crawlId: crawls.whole }, whole);
      await networksOf(driver, { type: 'seeds', seeds: wholeSeeds, depth: 1 }, whole);
    });

    test('three seeds at depth 2 (--crawl and seeds): every planted network they reach found, none mixed', async ({ driver }) => {
      const fetched = await fetchedBy(driver, crawls.few);
      const reached = (r: Result) => expect(expectPlantedFound(r, fetched)).toBeGreaterThanOrEqual(3);
      await networksOf(driver, { type: 'crawl', crawlId: crawls.few }, reached);
      await networksOf(driver, { type: 'seeds', seeds: fewSeeds, depth: 2 }, reached);
    });
  });
}
