import { describe, expect } from 'vitest';
import { relationList } from '../../src/api/kinds.js';
import type { LandingRef } from '../../src/api/refs.js';
import { evolveGraph, reachable, type SandboxGraph } from '../../src/sandbox/index.js';
import { expectedChanges } from '../support/sandbox/expected-changes.js';
import { type CrawlFixtures, crawlTest } from '../support/fixtures.js';
import { dumpGraph, expectedDump, statusesOnly } from '../support/graph-dump.js';
import { resetGraph } from '../support/neo4j.js';

const test = crawlTest({ records: 400, seed: 21 });
const DEPTH = 2;

/** The test's helpers, on its fixtures. */
function helpers({ sandbox, driver, database, crawl: crawlSeeds }: Omit<CrawlFixtures, 'sandboxOptions'>) {
  const seeds = (): { kind: 'company'; id: number }[] =>
    sandbox.graph
      .ids('company')
      .slice(0, 2)
      .map((id) => ({ kind: 'company' as const, id }));
  const crawl = (refresh: boolean) => crawlSeeds(seeds() as LandingRef[], { maxDepth: DEPTH, commitIntervalMs: 20, refresh });
  const query = async (cypher: string, params: Record<string, unknown> = {}) =>
    (await driver.executeQuery(cypher, params, { database })).records.map((r) => r.toObject());
  /**
   * The current dump over what a crawl of `graph`'s ball requests (its fetched and 404 records and their
   * edges). Records of the old ball stay as they were: one that is now only a stub of the new ball keeps
   * its earlier fetch (nothing is deleted), so stubs are checked for existence only.
   */
  const currentOver = async (graph: SandboxGraph) => {
    const truth = reachable(graph, seeds(), DEPTH);
    const full = expectedDump(truth);
    const requested = new Set([...truth.fetched, ...truth.notFound].map((r) => `${r.kind}#${r.id}`));
    const fetched = new Set(truth.fetched.map((r) => `${r.kind}#${r.id}`));
    const actual = statusesOnly(await dumpGraph(driver, database));
    const present = new Set(actual.nodes.map((n) => n.split(' ')[0]));
    expect(truth.stubs.filter((r) => !present.has(`${r.kind}#${r.id}`))).toEqual([]);
    return {
      expected: { nodes: full.nodes.filter((n) => requested.has(n.split(' ')[0]!)), edges: full.edges },
      actual: {
        nodes: actual.nodes.filter((n) => requested.has(n.split(' ')[0]!)),
        edges: actual.edges.filter((e) => fetched.has(e.split(' ')[0]!)),
      },
    };
  };
  return { seeds, crawl, query, currentOver };
}

/**
 * History over real HTTP and a real Neo4j: crawl a ball, change the sandbox's world (entries removed
 * and added, titles and shared identifiers changed, a record gone, new records), crawl again with
 * --refresh, and compare the graph with both worlds. Nothing is deleted; the current state is exact.
 */
describe('history: a re-crawl of a changed world', () => {
  test('keeps removed links with removedAt, versions of changed records, gone records; the current state equals the new world', async ({
    sandbox,
    driver,
    database,
    crawl: crawlSeeds,
  }) => {
    const { seeds, crawl, query, currentOver } = helpers({ sandbox, driver, database, crawl: crawlSeeds });
    await resetGraph(driver);
    const world0 = sandbox.graph;
    expect((await crawl(false)).status).toBe('finished');
    const world1 = evolveGraph(world0, {
      seed: 4,
      within: { seeds: seeds(), depth: DEPTH },
      removeEntries: 4,
      addEntries: 3,
      retitle: 2,
      changeFields: 2,
      gone: 1,
      newRecords: 2,
    });
    sandbox.setGraph(world1);
    const expected = expectedChanges(world0, world1, seeds(), DEPTH);
    const byChange = (change: string) => expected.records.filter((r) => r.change === change);
    expect(byChange('changed').length).toBeGreaterThan(0);
    expect(byChange('gone').length).toBe(1);
    expect(byChange('new').length).toBeGreaterThanOrEqual(2);

    const second = await crawl(true);
    expect(second.status).toBe('finished');

    // The current state over the new ball is the new ground truth.
    const { expected: truthDump, actual } = await currentOver(world1);
    expect(actual).toEqual(truthDump);

    // Every list entry that disappeared is still there, with removedAt; nothing else was retired.
    const removed = await query(
      'MATCH (a:Landing)-[r:RELATED|SIMILAR|COMPETITOR]->(b:Landing) WHERE r.removedAt IS NOT NULL RETURN a.kind + "#" + a.id + " -" + type(r) + ":" + r.list + "-> " + b.kind + "#" + b.id AS e, size(r.removals) AS n',
    );
    const expectedRemoved = byChange('changed').flatMap((r) =>
      r.edgesRemoved.map((e) => `${r.kind}#${r.id} -${e.type}:${e.list}-> ${e.to.kind}#${e.to.id}`),
    );
    expect(removed.map((r) => r.e).sort()).toEqual(expectedRemoved.sort());
    expect(removed.every((r) => Number(r.n) === 1)).toBe(true);

    // Changed records keep their earlier answer as a version, with the fields that changed.
    for (const change of byChange('changed')) {
      const [row] = await query(
        'MATCH (v:RecordVersion)-[:VERSION_OF]->(n:Landing {kind: $kind, id: $id}) RETURN count(v) AS versions, collect(v.changedFields) AS fields, collect(v.title) AS titles, n.title AS title',
        { kind: change.kind, id: change.id },
      );
      expect(Number(row!.versions), `${change.kind}#${change.id}`).toBe(1);
      if (change.titleAfter !== undefined) {
        expect((row!.fields as string[][])[0]).toContain('title');
        expect(row!.titles).toEqual([change.titleBefore]);
        expect(row!.title).toBe(change.titleAfter);
      }
      for (const p of change.properties) expect((row!.fields as string[][])[0], `${change.kind}#${change.id} ${p.name}`).toContain(p.name);
      // Pivot links the new answer lacks are kept with removedAt; those it brings are current.
      for (const pivot of change.pivots) {
        const links = await query(
          'MATCH (:Landing {kind: $kind, id: $id})-[r]->(p:Pivot {kind: $pivotKind}) WHERE type(r) = $type RETURN p.key AS key, r.removedAt IS NULL AS current',
          { kind: change.kind, id: change.id, pivotKind: pivot.kind, type: pivot.relation },
        );
        const current = new Set(links.filter((l) => l.current).map((l) => String(l.key)));
        const retired = new Set(links.filter((l) => !l.current).map((l) => String(l.key)));
        for (const key of pivot.added) expect(current.has(key), `${pivot.relation} ${key} added`).toBe(true);
        for (const key of pivot.removed) expect(retired.has(key), `${pivot.relation} ${key} removed`).toBe(true);
      }
    }

    // A gone record keeps its data: missing, goneAt, raw kept.
    const [gone] = byChange('gone');
    const [goneRow] = await query(
      'MATCH (n:Landing {kind: $kind, id: $id}) RETURN n.status AS status, n.goneAt IS NOT NULL AS gone, n.raw IS NOT NULL AS raw',
      {
        kind: gone!.kind,
        id: gone!.id,
      },
    );
    expect(goneRow).toEqual({ status: 'missing', gone: true, raw: true });

    // New records: first fetched by the second crawl.
    for (const fresh of byChange('new')) {
      const [row] = await query(
        'MATCH (n:Landing {kind: $kind, id: $id}) RETURN n.status AS status, n.firstFetchedAt = n.fetchedAt AS first',
        {
          kind: fresh.kind,
          id: fresh.id,
        },
      );
      expect(row, `${fresh.kind}#${fresh.id}`).toEqual({ status: 'fetched', first: true });
    }

    // Third world: the gone record comes back, and a removed entry returns.
    const back = byChange('changed').find((r) => r.edgesRemoved.length > 0)!;
    const returning = back.edgesRemoved[0]!;
    const world2 = evolveGraph(world1, {
      seed: 5,
      changes: [
        { type: 'back', id: gone!.id },
        { type: 'addEntry', id: back.id, field: returning.list as never, toId: returning.to.id },
      ],
    });
    sandbox.setGraph(world2);
    expect((await crawl(true)).status).toBe('finished');
    const [backRow] = await query('MATCH (n:Landing {kind: $kind, id: $id}) RETURN n.status AS status, n.backAt IS NOT NULL AS back', {
      kind: gone!.kind,
      id: gone!.id,
    });
    expect(backRow).toEqual({ status: 'fetched', back: true });
    const [edge] = await query(
      'MATCH (:Landing {kind: $kind, id: $id})-[r {list: $list}]->(:Landing {kind: $toKind, id: $toId}) WHERE type(r) = $type RETURN r.removedAt IS NULL AS current, size(r.removals) AS removals, size(r.returns) AS returns',
      {
        kind: back.kind,
        id: back.id,
        list: returning.list,
        toKind: returning.to.kind,
        toId: returning.to.id,
        type: relationList(returning.list as never).relation,
      },
    );
    expect(edge).toEqual({ current: true, removals: 1, returns: 1 });
    const { expected: truth2, actual: actual2 } = await currentOver(world2);
    expect(actual2).toEqual(truth2);
  });
});
