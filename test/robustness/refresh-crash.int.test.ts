import type { Driver } from 'neo4j-driver';
import { describe, expect } from 'vitest';
import { evolveGraph, type SandboxGraph, type Sandbox } from '../../src/sandbox/index.js';
import { runCli, startCli } from '../support/cli.js';
import { sandboxTest, withSetUp } from '../support/fixtures.js';
import { dumpBlockLayer, dumpGraph } from '../support/graph-dump.js';
import { killPoints } from '../support/kill-seed.js';
import { resetGraph, testConnection } from '../support/neo4j.js';

/**
 * kill -9 in the middle of a refresh of a changed world, then the same command: the graph, its current
 * state, its history (versions, retired links, gone records) and the change report equal those of an
 * uninterrupted refresh.
 */
describe('a refresh killed half-way ends as an uninterrupted one', () => {
  let sandbox: Sandbox;
  let driver: Driver;
  let world0: SandboxGraph;
  let world1: SandboxGraph;

  // The file's helpers work on its sandbox and driver.
  const test = withSetUp(sandboxTest({ records: 500, seed: 23 }), async (fixtures) => {
    sandbox = fixtures.sandbox;
    driver = fixtures.driver;
    world0 = sandbox.graph;
  });

  const seeds = () =>
    world0
      .ids('company')
      .slice(0, 3)
      .map((id) => `company#${id}`);
  const env = () => ({ LANDING_BASE_URL: sandbox.url, LANDING_API_KEY: sandbox.apiKey });
  const args = (refresh: boolean) => [
    'crawl',
    ...seeds(),
    '--depth',
    '2',
    '--rps',
    '80',
    '--concurrency',
    '4',
    ...(refresh ? ['--refresh'] : []),
  ];

  /** Everything but times: current layers, retired links, versions with their changed fields, gone records. */
  async function historyDump() {
    const q = async (cypher: string) =>
      (await driver.executeQuery(cypher, {}, { database: testConnection().database })).records.map((r) => String(r.get(0))).sort();
    return {
      current: await dumpGraph(driver, testConnection().database),
      blocks: await dumpBlockLayer(driver, testConnection().database),
      retired: await q(
        'MATCH (a:Landing)-[r]->(b) WHERE r.removedAt IS NOT NULL RETURN a.kind + "#" + a.id + " -" + type(r) + "-> " + coalesce(b.kind + "#" + b.id, b.kind + ":" + b.key) + " x" + size(r.removals)',
      ),
      versions: await q(
        'MATCH (v:RecordVersion)-[:VERSION_OF]->(n:Landing) RETURN n.kind + "#" + n.id + " " + v.title + " [" + reduce(s = "", f IN v.changedFields | s + f + ",") + "]"',
      ),
      gone: await q("MATCH (n:Landing) WHERE n.goneAt IS NOT NULL RETURN n.kind + '#' + n.id + ' ' + n.status + ' ' + (n.raw IS NOT NULL)"),
    };
  }

  async function crawlChangeRefresh(kill: boolean): Promise<Awaited<ReturnType<typeof historyDump>> & { changes: unknown[] }> {
    await resetGraph(driver);
    sandbox.setGraph(world0);
    const first = await runCli(args(false), env());
    expect(first.code, first.stderr).toBe(0);
    sandbox.setGraph(world1);
    sandbox.stats.reset();
    const since = new Date().toISOString();
    if (kill) {
      const { rng, replay } = killPoints('test/robustness/refresh-crash.int.test.ts');
      const at = rng.int(30, 150);
      const run = startCli(args(true), env());
      while (sandbox.stats.total < at && run.child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 2));
      run.child.kill('SIGKILL');
      await run.done;
      const resumed = await runCli(args(true), env());
      expect(resumed.code, `${replay}\n${resumed.stderr}`).toBe(0);
    } else {
      const refresh = await runCli(args(true), env());
      expect(refresh.code, refresh.stderr).toBe(0);
    }
    // The change report of the refresh's window: the same records and changes (only the window differs).
    const changes = await runCli(['changes', '--since', since, '--json']);
    expect(changes.code, changes.stderr).toBe(0);
    const { records } = JSON.parse(changes.stdout) as { records: unknown[] };
    return { ...(await historyDump()), changes: records };
  }

  test('has the same graph, current state and history', async () => {
    world1 = evolveGraph(world0, {
      seed: 6,
      within: {
        seeds: world0
          .ids('company')
          .slice(0, 3)
          .map((id) => ({ kind: 'company' as const, id })),
        depth: 2,
      },
      removeEntries: 5,
      addEntries: 4,
      retitle: 3,
      changeFields: 3,
      gone: 2,
      newRecords: 2,
    });
    const clean = await crawlChangeRefresh(false);
    expect(clean.retired.length).toBeGreaterThan(0);
    expect(clean.versions.length).toBeGreaterThan(0);
    expect(clean.gone.length).toBe(2);
    expect(clean.changes.length).toBeGreaterThan(0);
    const killed = await crawlChangeRefresh(true);
    expect(killed).toEqual(clean);
  });
});
