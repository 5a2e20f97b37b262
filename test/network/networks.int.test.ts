import type { Driver } from 'neo4j-driver';
import { describe, expect } from 'vitest';
import {
  computeNetworks,
  memberKey,
  type NetworkScope,
  networksJson,
  type ReportedMember,
  writeNetworks,
} from '../../src/network/index.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';
import { crawlSandbox } from '../support/fixtures.js';
import { sandboxTest, withSetUp } from '../support/fixtures.js';
import { plainRows, resetGraph, testConnection } from '../support/neo4j.js';

describe('networks: planted networks crawled from the sandbox over HTTP into a real Neo4j', () => {
  const { graph, truth } = plantNetworks();
  let scope: NetworkScope;
  const database = testConnection().database;

  const test = withSetUp(sandboxTest({ graph }), async ({ sandbox, driver }) => {
    await resetGraph(driver);
    scope = { type: 'crawl', crawlId: await crawlSandbox(driver, sandbox, truth.seeds, 1) };
  });

  function expectPlantedFound(result: { networks: { id: string; members: ReportedMember[] }[] }): void {
    const plantedOf = new Map<string, number>();
    truth.networks.forEach((n, i) => {
      for (const m of n.members) plantedOf.set(memberKey(m), i);
    });
    for (const [i, planted] of truth.networks.entries()) {
      const keys = new Set(planted.members.map(memberKey));
      const best = Math.max(...result.networks.map((n) => n.members.filter((m) => keys.has(memberKey(m))).length));
      expect(best / keys.size, `planted network ${i}`).toBeGreaterThanOrEqual(0.9);
    }
    for (const network of result.networks) {
      const planted = new Set(network.members.map((m) => plantedOf.get(memberKey(m))).filter((p) => p !== undefined));
      expect(planted.size, `network ${network.id}`).toBeLessThanOrEqual(1);
    }
    // Each member of a found planted network says why it is in: a strong identifier (nothing is split, so every
    // member has one) tying it to another member of the same planted network.
    let explained = 0;
    for (const network of result.networks) {
      const inNetwork = new Set(network.members.map(memberKey));
      for (const m of network.members) {
        const planted = plantedOf.get(memberKey(m));
        if (planted === undefined) continue;
        const why = m.why;
        expect(why, `why ${memberKey(m)}`).not.toBeNull();
        expect(why?.weak, `why ${memberKey(m)}`).toBe(false);
        expect(why?.to.length).toBe(Math.min(why?.others ?? 0, 3));
        expect(why?.to.every((ref) => inNetwork.has(ref) && ref !== memberKey(m))).toBe(true);
        expect(
          why?.to.some((ref) => plantedOf.get(ref) === planted),
          `${memberKey(m)}: ${why?.kind}:${why?.key} -> ${why?.to.join(', ')}`,
        ).toBe(true);
        explained++;
      }
    }
    expect(explained).toBeGreaterThan(0);
  }

  test('finds every planted network whole and apart, and reports the noise as hubs', async ({ driver }) => {
    const result = await computeNetworks(driver, scope, { database, now: new Date('2026-01-01T00:00:00Z') });
    expectPlantedFound(result);
    // Networks 0 and 1 share a mail server, every network a hosting company's name server: weak evidence, it never
    // joins them, so nothing needs splitting; Cloudflare's name servers are public infrastructure, a hub.
    expect(result.split).toBe(0);
    const nameServers = result.networks.flatMap((n) => n.evidence).filter((e) => e.kind === 'nameServer');
    expect(nameServers.some((e) => e.key.startsWith('ns1.hosting-7777'))).toBe(true); // inside a network: it strengthens
    expect(nameServers.filter((e) => e.key.includes('cloudflare'))).toEqual([]);
    const hubKeys = result.hubs.map((h) => `${h.kind}:${h.key}`);
    expect(hubKeys).toContain(`${truth.noise.nominee.kind}:${truth.noise.nominee.key}`);
    expect(hubKeys).toContain(`${truth.noise.webmail.kind}:${truth.noise.webmail.key}`);
    expect(hubKeys).toContain(`${truth.noise.hostingIp.kind}:${truth.noise.hostingIp.key}`);
    expect(hubKeys).toContain('nameServer:anna.ns.cloudflare.com');
    // 206 companies are registered there; a few serve no companyInfo block (the sandbox leaves ~7 % of blocks out).
    expect(result.hubs.some((h) => h.kind === 'address' && h.shared >= 180)).toBe(true);

    const json = JSON.parse(networksJson(result)) as { networks: Record<string, unknown>[] };
    expect(Object.keys(json)).toEqual(['networks']);
    expect(Object.keys(json.networks[0] ?? {})).toEqual(['id', 'rank', 'size', 'score', 'flagged', 'members', 'evidence']);
    const member = ((json.networks[0]?.members ?? []) as Record<string, unknown>[])[0] ?? {};
    expect(Object.keys(member)).toEqual(['kind', 'id', 'key', 'why', 'flags']);
    expect(Object.keys(member.why ?? {})).toEqual(['kind', 'key', 'weight', 'weak', 'to', 'others']);
    const scores = json.networks.map((n) => n.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test('finds them too in the whole graph, where the stubs the records list are members as well', async ({ driver }) => {
    const result = await computeNetworks(driver, { type: 'all' }, { database, write: false });
    expectPlantedFound(result);
  });

  test('finds a planted network from one of its companies at depth 2: its members among the records in scope', async ({ driver }) => {
    const planted = truth.networks[2]?.members ?? [];
    const seed = planted.find((m) => m.kind === 'company');
    if (!seed) throw new Error('no company in planted network 2');
    const result = await computeNetworks(
      driver,
      { type: 'seeds', seeds: [{ kind: 'company', key: seed.key }], depth: 2 },
      { database, write: false },
    );
    const ball = await ballOf(driver, seed.key, 2);
    const keys = new Set(planted.map(memberKey).filter((k) => ball.has(k)));
    expect(keys.size).toBeGreaterThan(2);
    const found = result.networks.flatMap((n) => n.members.map(memberKey));
    expect(found.filter((k) => keys.has(k)).length / keys.size).toBeGreaterThanOrEqual(0.9);
    const others = new Set(truth.networks.filter((_, i) => i !== 2).flatMap((n) => n.members.map(memberKey)));
    expect(found.filter((k) => others.has(k))).toEqual([]);
  });

  test('seeds narrow what is listed, never what a network is: the networks of the whole graph that hold a record of the scope, the seed network first', async ({
    driver,
  }) => {
    const planted = truth.networks[2]?.members ?? [];
    const seed = planted.find((m) => m.kind === 'company');
    if (!seed) throw new Error('no company in planted network 2');
    const whole = await computeNetworks(driver, { type: 'all' }, { database, write: false });
    const bySeed = await computeNetworks(
      driver,
      { type: 'seeds', seeds: [{ kind: 'company', key: seed.key }], depth: 1 },
      { database, write: false },
    );
    const membersOf = (n: { members: ReportedMember[] }) => n.members.map(memberKey).sort();
    const wholeById = new Map(whole.networks.map((n) => [n.id, membersOf(n)]));
    // Every network listed is one of the whole graph's, with the same members.
    expect(bySeed.networks.length).toBeGreaterThan(0);
    for (const n of bySeed.networks) expect(membersOf(n), n.id).toEqual(wholeById.get(n.id));
    expect(bySeed.listed).toEqual({ scope: `seeds:company:${seed.key}@1`, of: whole.networks.length });
    expect(bySeed.scope).toBe('all');
    // The seed's own network comes first, and it is the one the whole graph puts the seed in.
    const seedKey = memberKey({ kind: 'company', id: null, key: seed.key });
    const own = whole.networks.find((n) => membersOf(n).includes(seedKey));
    expect(own).toBeDefined();
    expect(bySeed.networks[0]?.id).toBe(own?.id);
    // And no network is listed that holds no record of the scope.
    const ball = await ballOf(driver, seed.key, 1);
    for (const n of bySeed.networks)
      expect(
        membersOf(n).some((k) => ball.has(k)),
        n.id,
      ).toBe(true);
  });

  test('an identifier of one record in scope is still a hub, of the same size as in the whole graph', async ({ driver }) => {
    // The nominee director manages a hundred and fifty companies (those the crawl reached are in the graph): in a scope
    // of one of them it ties nothing, but it is a hub all the same (more than the default 20 records), counted over the
    // whole graph.
    const nominee = truth.noise.nominee.key;
    const [one] = await plainRows(driver, 'MATCH (c:Company)-[:HAS_OFFICER]->(:Person {key: $nominee}) RETURN elementId(c) AS id LIMIT 1', {
      nominee,
    });
    const alone = await computeNetworks(driver, { type: 'records', elementIds: [String(one?.id)] }, { database, write: false });
    const whole = await computeNetworks(driver, { type: 'all' }, { database, write: false });
    const sizeIn = (result: typeof whole) => result.hubs.find((h) => h.kind === 'officer' && h.key === nominee)?.shared;
    expect(alone.networks).toEqual([]);
    expect(sizeIn(alone)).toBeGreaterThan(20);
    expect(sizeIn(alone)).toBe(sizeIn(whole));
  });

  test('writes the networks back idempotently: a rerun changes nothing but computedAt, stale networks go', async ({ driver }) => {
    const first = await computeNetworks(driver, scope, { database, now: new Date('2026-01-01T00:00:00Z') });
    const before = await readNetworks(driver);
    const second = await computeNetworks(driver, scope, { database, now: new Date('2026-01-02T00:00:00Z') });
    const after = await readNetworks(driver);
    expect(second.networks.map((n) => n.id)).toEqual(first.networks.map((n) => n.id));
    expect(after.map(({ computedAt, ...rest }) => rest)).toEqual(before.map(({ computedAt, ...rest }) => rest));
    expect(new Set(after.map((n) => n.computedAt))).toEqual(new Set(['2026-01-02T00:00:00Z']));
    expect(after.map((n) => n.id).sort()).toEqual(first.networks.map((n) => n.id).sort());
    for (const n of first.networks) expect(after.find((a) => a.id === n.id)?.members).toBe(n.size);

    // Fewer networks in the same scope (a higher minimum size): the others are removed with their links.
    const fewer = await computeNetworks(driver, scope, { database, minSize: 10 });
    const left = await readNetworks(driver);
    expect(left.map((n) => n.id).sort()).toEqual(fewer.networks.map((n) => n.id).sort());
    expect(fewer.written?.removed).toBe(first.networks.length - fewer.networks.length);
  });

  test('writes a few networks a transaction as it writes them all in one: the same networks, the stale ones removed', async ({
    driver,
  }) => {
    const now = new Date('2026-01-03T00:00:00Z');
    const all = await computeNetworks(driver, scope, { database, now });
    const inOne = await readNetworks(driver);
    expect(all.networks.length).toBeGreaterThan(4);
    // Stale first: fewer networks written two a transaction, the rest removed two a transaction.
    const few = all.networks.filter((_, i) => i % 3 === 0);
    expect(await writeNetworks(driver, all.scope, few, now, { database, networksPerTransaction: 2 })).toEqual({
      written: few.length,
      removed: all.networks.length - few.length,
    });
    expect((await readNetworks(driver)).map((n) => n.id)).toEqual(few.map((n) => n.id).sort());
    expect(await writeNetworks(driver, all.scope, all.networks, now, { database, networksPerTransaction: 2 })).toEqual({
      written: all.networks.length,
      removed: 0,
    });
    expect(await readNetworks(driver)).toEqual(inOne);
  });

  async function readNetworks(
    driver: Driver,
  ): Promise<{ id: string; size: number; score: number; scopes: string[]; computedAt: string; members: number }[]> {
    const session = driver.session(database ? { database } : {});
    try {
      const result = await session.run(
        'MATCH (n:Network) RETURN n.id AS id, n.size AS size, n.score AS score, n.scopes AS scopes, toString(n.computedAt) AS computedAt, COUNT { (:Landing)-[:IN_NETWORK]->(n) } AS members ORDER BY id',
      );
      return result.records.map((r) => ({
        id: r.get('id'),
        size: Number(r.get('size')),
        score: Number(r.get('score')),
        scopes: r.get('scopes'),
        computedAt: r.get('computedAt'),
        members: Number(r.get('members')),
      }));
    } finally {
      await session.close();
    }
  }
});

/**
 * `<company> --depth N` (docs/scope.md): the records a crawl of the company to that depth fetches, walked here
 * independently over the records' own current lists, as member keys.
 */
async function ballOf(driver: Driver, companyKey: string, depth: 1 | 2): Promise<Set<string>> {
  const database = testConnection().database;
  const { records } = await driver.executeQuery(
    `MATCH (s:Company {key: $key})
     MATCH p = (s)-[:RELATED|SIMILAR|COMPETITOR*0..${depth}]->(m:Landing)
     WHERE m.kind IN ['domain', 'company', 'email', 'phone'] AND all(r IN relationships(p) WHERE r.removedAt IS NULL)
     RETURN collect(DISTINCT m.kind + ':' + m.key) AS keys`,
    { key: companyKey },
    database ? { database } : {},
  );
  return new Set(records[0]?.get('keys') as string[]);
}
