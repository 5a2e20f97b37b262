import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { isLandingGraphError } from '../../src/errors.js';
import { computeNetworks, gdsVersion } from '../../src/network/index.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';
import { connectNeo4j } from '../../src/store/connect.js';
import { cypher } from '../../src/store/cypher-files.js';
import { startLocalNeo4j, stopLocalNeo4j } from '../../src/store/local-neo4j.js';
import { runCli } from '../support/cli.js';
import { crawlSandbox, sandboxTest, withSetUp } from '../support/fixtures.js';
import { plainRows, resetGraph, testConnection } from '../support/neo4j.js';
import { spareServerOptions } from '../support/server-tuning.js';

/** The projections of the networks engine left in GDS's catalog (none once a run ends, whatever its end). */
const LEFT_OVER = "CALL gds.graph.list() YIELD graphName WHERE graphName STARTS WITH 'landing-graph-networks-' RETURN graphName";

describe('networks in Graph Data Science: the engine, its clean-up and its errors', () => {
  const { truth } = plantNetworks();
  const database = testConnection().database;
  let crawlId = '';

  const test = withSetUp(sandboxTest({ graph: plantNetworks().graph }), async ({ sandbox, driver }) => {
    await resetGraph(driver);
    crawlId = await crawlSandbox(driver, sandbox, truth.seeds, 1);
  });

  test('the test server has GDS; auto takes it, and leaves no projection behind', async ({ driver }) => {
    expect(await gdsVersion(driver, { database })).toMatch(/^2\.13\./);
    // The estimate the engine checks first: GDS's figures for the whole graph, and the server's free heap.
    const [estimate] = await plainRows(driver, cypher('network/gds/estimate'), {});
    expect(Number(estimate?.requiredBytes)).toBeGreaterThan(0);
    expect(Number(estimate?.availableBytes)).toBeGreaterThan(Number(estimate?.requiredBytes));
    const result = await computeNetworks(driver, { type: 'crawl', crawlId }, { database, write: false });
    expect(result.engine.name).toBe('gds');
    expect(result.networks.length).toBeGreaterThanOrEqual(truth.networks.length);
    expect(await plainRows(driver, LEFT_OVER, {})).toEqual([]);
  });

  test('batches of a few records, read two at a time, give the networks of one batch', async ({ driver }) => {
    const whole = await computeNetworks(driver, { type: 'all' }, { database, write: false, engine: 'gds' });
    const sizes = whole.networks.map((n) => n.members.length);
    // Batches smaller than most networks: every network a batch of its own or two, many batches read at once.
    const batched = await computeNetworks(driver, { type: 'all' }, { database, write: false, engine: 'gds', gdsBatchRecords: 3 });
    expect(sizes.length).toBeGreaterThanOrEqual(truth.networks.length);
    expect(Math.max(...sizes)).toBeGreaterThan(3);
    expect(batched.networks).toEqual(whole.networks);
    // Hubs are counted per batch: an identifier that ties nothing (public infrastructure, say) is listed only where
    // a batch holds two of its records, so small batches list fewer; those they list keep the whole graph's count.
    const wholeHubs = new Map(whole.hubs.map((h) => [`${h.kind} ${h.key}`, h.shared]));
    for (const hub of batched.hubs) expect(wholeHubs.get(`${hub.kind} ${hub.key}`), hub.key).toBe(hub.shared);
  });

  test('a crawl id that is not in the graph: CONFIG_INVALID naming it, and no projection left', async ({ driver }) => {
    const failed = await computeNetworks(driver, { type: 'crawl', crawlId: 'no-such-crawl' }, { database, engine: 'gds' }).catch((e) => e);
    expect(isLandingGraphError(failed, 'CONFIG_INVALID')).toBe(true);
    expect((failed as Error).message).toContain('"no-such-crawl"');
    expect(await plainRows(driver, LEFT_OVER, {})).toEqual([]);
  });

  test('the CLI says where the components were found; a wrong --engine is a usage error', async () => {
    const gds = await runCli(['networks', '--crawl', crawlId, '--engine', 'gds', '--no-write', '--json']);
    expect(gds.code, gds.stderr).toBe(0);
    expect(gds.stderr).toMatch(/components in Graph Data Science 2\.13\.\d+/);
    const memory = await runCli(['networks', '--crawl', crawlId, '--engine', 'memory', '--no-write', '--json']);
    expect(memory.stderr).toContain('components in this process');
    expect(memory.stdout).toBe(gds.stdout);
    const wrong = await runCli(['networks', '--engine', 'spark']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--engine takes auto, gds, memory');
  });

  test('an empty graph: no networks from either engine', async ({ driver }) => {
    await resetGraph(driver);
    for (const engine of ['gds', 'memory'] as const) {
      const result = await computeNetworks(driver, { type: 'all' }, { database, write: false, engine });
      expect(result.networks).toEqual([]);
    }
  });
});

describe('networks on a server without Graph Data Science', () => {
  const test = sandboxTest({ graph: plantNetworks().graph });

  test('auto falls back to this process; --engine gds says what to do', async ({ sandbox }) => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'landing-graph-no-gds-'));
    const options = await spareServerOptions(home);
    try {
      const { connection } = await startLocalNeo4j(options);
      const driver = await connectNeo4j(connection);
      try {
        expect(await gdsVersion(driver)).toBeNull();
        const crawlId = await crawlSandbox(driver, sandbox, plantNetworks().truth.seeds, 1);
        const auto = await computeNetworks(driver, { type: 'crawl', crawlId }, { write: false });
        expect(auto.engine).toEqual({ name: 'memory', version: null });
        expect(auto.networks.length).toBeGreaterThan(0);
        const refused = await computeNetworks(driver, { type: 'crawl', crawlId }, { engine: 'gds' }).catch((e) => e);
        expect(isLandingGraphError(refused, 'CONFIG_INVALID')).toBe(true);
        expect((refused as Error).message).toContain('--engine memory');
      } finally {
        await driver.close();
      }
    } finally {
      await stopLocalNeo4j(options).catch(() => undefined);
      await rm(home, { recursive: true, force: true });
    }
  });
});
