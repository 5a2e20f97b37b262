import type { Driver, ManagedTransaction, Session } from 'neo4j-driver';
import { describe, expect } from 'vitest';
import { isLandingKind } from '../../src/api/kinds.js';
import type { LandingRef } from '../../src/api/refs.js';
import { readChangeRows } from '../../src/changes/read.js';
import { readSubgraph } from '../../src/export/index.js';
import { computeFlags } from '../../src/flags/index.js';
import { RELATIONSHIP_GROUPS } from '../../src/graph/relationship-groups.js';
import { computeNetworks } from '../../src/network/index.js';
import { evolveGraph } from '../../src/sandbox/evolve.js';
import { edgesOf, reachable } from '../../src/sandbox/reachable.js';
import { runNamed } from '../../src/store/executor.js';
import { crawlTest, withSetUp } from '../support/fixtures.js';
import { resetGraph } from '../support/neo4j.js';

/**
 * docs/scope.md: `<seeds> --depth N` names the records a crawl of the seeds to depth N fetches, in networks, flags,
 * changes and export alike. A sandbox world is crawled from two seeds at depth 2; then each command is run on the
 * same seeds at depth 2 through a driver that records the parameters of the statements it runs, and the records
 * each hands its own statement (networks' evidence, the flag rules, the change rows, the export's nodes) are
 * compared with the records of the crawl's done tasks (cypher/flags/crawl-records.cypher). Then a seed drops an
 * entry of its lists and the seeds are crawled again: `changes` still scopes the first crawl's records (removed
 * list entries are walked too), `flags` and `networks` the second's.
 */
const DEPTH = 2;

interface Run {
  query: string;
  params: Record<string, unknown>;
}

/** `driver`, but every statement its read transactions run is recorded in `runs`. */
function recording(driver: Driver, runs: Run[]): Driver {
  const bind = (target: object, prop: string | symbol) => {
    const value = Reflect.get(target, prop) as unknown;
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  };
  const recordingTx = (tx: ManagedTransaction) =>
    new Proxy(tx, {
      get: (target, prop) =>
        prop === 'run'
          ? (query: string, params: Record<string, unknown>) => {
              runs.push({ query, params });
              return target.run(query, params);
            }
          : bind(target, prop),
    });
  const recordingSession = (session: Session) =>
    new Proxy(session, {
      get: (target, prop) =>
        prop === 'executeRead'
          ? (work: (tx: ManagedTransaction) => Promise<unknown>, config?: object) =>
              target.executeRead((tx) => work(recordingTx(tx)), config)
          : bind(target, prop),
    });
  return new Proxy(driver, {
    get: (target, prop) => (prop === 'session' ? (config?: object) => recordingSession(target.session(config)) : bind(target, prop)),
  });
}

describe('`<seeds> --depth N` is the ball the crawl of those seeds to depth N fetches, in every command', () => {
  let seeds: LandingRef[] = [];
  let crawlId = '';

  const test = withSetUp(crawlTest({ records: 400, seed: 21 }), async ({ crawl, sandbox, driver }) => {
    await resetGraph(driver);
    seeds = sandbox.graph
      .ids('company')
      .slice(0, 2)
      .map((id) => ({ kind: 'company' as const, id }));
    const result = await crawl(seeds, { maxDepth: DEPTH, commitIntervalMs: 50 });
    expect(result.status).toBe('finished');
    crawlId = result.crawlId;
  });

  async function read<T>(driver: Driver, database: string | undefined, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    const session = driver.session(database ? { database } : {});
    try {
      return await session.executeRead(work);
    } finally {
      await session.close();
    }
  }

  /** The element ids of the records crawl `crawlId` fetched (its done tasks), and how many at each depth. */
  async function crawled(driver: Driver, database: string | undefined, crawlId: string) {
    return read(driver, database, async (tx) => {
      const [row] = await runNamed(tx, 'flags/crawl-records', { crawlId });
      const byDepth = await tx.run(
        `MATCH (t:CrawlTask {crawlId: $crawlId, state: 'done'}) RETURN t.depth AS depth, count(*) AS n ORDER BY depth`,
        { crawlId },
      );
      return {
        elements: [...((row?.elements as string[] | undefined) ?? [])].sort(),
        byDepth: byDepth.records.map((r) => Number(r.get('n'))),
      };
    });
  }

  /** The list parameter `name` of the first recorded statement that has one. */
  function scopeParam(runs: readonly Run[], name: string): string[] {
    const run = runs.find((r) => Array.isArray(r.params?.[name]));
    if (!run) throw new Error(`no statement ran with $${name}`);
    return [...(run.params[name] as string[])].sort();
  }

  test('networks, flags, changes and export at depth 2 scope exactly the records the crawl at depth 2 fetched', async ({
    driver,
    database,
  }) => {
    const fetched = await crawled(driver, database, crawlId);
    expect(fetched.byDepth.length).toBe(DEPTH + 1);
    expect(fetched.elements.length).toBeGreaterThan(20);

    const runs: Run[] = [];
    const watched = recording(driver, runs);

    await computeNetworks(watched, { type: 'seeds', seeds, depth: DEPTH }, { database, write: false });
    expect(scopeParam(runs, 'elementIds'), 'networks').toEqual(fetched.elements);

    runs.length = 0;
    const flags = await computeFlags(watched, { type: 'seeds', seeds, depth: DEPTH }, { database, write: false });
    expect(scopeParam(runs, 'scope'), 'flags').toEqual(fetched.elements);
    expect(flags.scope).toBe(fetched.elements.length);

    runs.length = 0;
    const changes = await readChangeRows(watched, { since: { at: 0 }, until: { at: Date.now() }, seeds, depth: DEPTH }, { database });
    expect(scopeParam(runs, 'scope'), 'changes').toEqual(fetched.elements);
    expect(changes.scope).toBe(fetched.elements.length);

    // The export: the same records first (hops 0 to 2, as many per hop as the crawl fetched per depth), then what
    // they state, each one outgoing current `stated` relationship from one of them; nothing else.
    runs.length = 0;
    const subgraph = await readSubgraph(watched, { seeds, depth: DEPTH }, { database });
    const exported = scopeParam(runs, 'ids');
    expect(subgraph.provenance.nodesByHop.slice(0, DEPTH + 1), 'export: records by hop').toEqual(fetched.byDepth);
    expect(subgraph.provenance.nodesByHop.length).toBe(DEPTH + 2);
    const ball = new Set(fetched.elements);
    expect(exported.filter((e) => ball.has(e)).length, 'export: every record fetched').toBe(ball.size);
    const rest = exported.filter((e) => !ball.has(e));
    expect(rest.length).toBe(subgraph.provenance.nodesByHop[DEPTH + 1]);
    expect(rest.length).toBeGreaterThan(0);
    const stated = await read(driver, database, async (tx) => {
      const result = await tx.run(
        `MATCH (a) WHERE elementId(a) IN $ball
         MATCH (a)-[r]->(b) WHERE type(r) IN $types AND r.removedAt IS NULL AND (b:Landing OR b:Pivot)
         RETURN collect(DISTINCT elementId(b)) AS stated`,
        { ball: fetched.elements, types: [...RELATIONSHIP_GROUPS.stated] },
      );
      return new Set(result.records[0]?.get('stated') as string[]);
    });
    expect(
      rest.filter((e) => !stated.has(e)),
      'export: nodes neither fetched nor stated by a fetched record',
    ).toEqual([]);
    expect(
      [...stated].filter((e) => !ball.has(e) && !rest.includes(e)),
      'export: what the records state, all of it',
    ).toEqual([]);
    expect(subgraph.nodes.length).toBe(exported.length);
  });

  test('changes walks the list entries removed since: a record a seed no longer lists stays in its scope', async ({
    crawl,
    sandbox,
    driver,
    database,
  }) => {
    const first = await crawled(driver, database, crawlId);
    // An entry of a seed's lists whose removal takes its record out of the ball at depth 2.
    const world0 = sandbox.graph;
    const refs = seeds.map((s) => ({ kind: s.kind, id: s.id as number }));
    const inBall = (graph: typeof world0, kind: string, id: number) =>
      reachable(graph, refs, DEPTH).fetched.some((r) => r.kind === kind && r.id === id);
    const candidates = refs.flatMap((seed) => edgesOf(world0, 'company', seed.id).filter((e) => isLandingKind(e.toKind)));
    let world1: typeof world0 | undefined;
    for (const edge of candidates) {
      const evolved = evolveGraph(world0, { changes: [{ type: 'removeEntry', id: edge.fromId, field: edge.field, toId: edge.toId }] });
      if (!inBall(evolved, edge.toKind, edge.toId)) {
        world1 = evolved;
        break;
      }
    }
    if (!world1) throw new Error('no list entry of the seeds whose removal shrinks the ball');
    sandbox.setGraph(world1);
    const since = Date.now();
    const second = await crawl(seeds, { maxDepth: DEPTH, refresh: true, commitIntervalMs: 50 });
    expect(second.status).toBe('finished');
    const fetched = await crawled(driver, database, second.crawlId);
    expect(fetched.elements.length).toBeLessThan(first.elements.length);

    const runs: Run[] = [];
    const watched = recording(driver, runs);
    await computeFlags(watched, { type: 'seeds', seeds, depth: DEPTH }, { database, write: false });
    expect(scopeParam(runs, 'scope'), 'flags: the records the second crawl fetched').toEqual(fetched.elements);
    runs.length = 0;
    await computeNetworks(watched, { type: 'seeds', seeds, depth: DEPTH }, { database, write: false });
    expect(scopeParam(runs, 'elementIds'), 'networks: the records the second crawl fetched').toEqual(fetched.elements);
    runs.length = 0;
    await readChangeRows(watched, { since: { at: since }, until: { at: Date.now() }, seeds, depth: DEPTH }, { database });
    expect(scopeParam(runs, 'scope'), 'changes: the records either crawl fetched').toEqual(first.elements);
  });
});
