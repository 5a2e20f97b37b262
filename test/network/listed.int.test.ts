import path from 'node:path';
import { describe, expect } from 'vitest';
import { computeFlags } from '../../src/flags/index.js';
import { computeNetworks, memberKey, type Network } from '../../src/network/index.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';
import { screenList } from '../../src/screen/index.js';
import { runCli } from '../support/cli.js';
import { crawlSandbox, sandboxTest, withSetUp } from '../support/fixtures.js';
import { resetGraph, testConnection } from '../support/neo4j.js';

/**
 * `networks` puts the networks with a member on a watch list first: the planted world crawled over HTTP into a real
 * Neo4j, every flag rule run, then a hand-written list (fixtures/listed.ftm.json) screened: company 367 ООО "ЭталонМед"
 * (INN 7850271135) by its INN, and Михайлова Мария Николаевна (INN 592431279601), the only officer of company 359
 * ЗАО "БайкалПлюс", by hers. The sandbox serves each of the two in a small network with one member flagged high
 * (367 with 368, a phoenix; 359 with 358, liquidated but serving a live site), while each of the six planted networks
 * has three members flagged high: listed, the small ones have two and must still rank first, by either engine.
 */
const LIST = path.join(import.meta.dirname, 'fixtures', 'listed.ftm.json');
const ETALON = 'company:7850271135';
const BAYKAL = 'company:5974876940';

describe('networks: a network with a listed member ranks first', () => {
  const { graph, truth } = plantNetworks();
  const database = testConnection().database;
  const test = withSetUp(sandboxTest({ graph }), async ({ sandbox, driver }) => {
    await resetGraph(driver);
    await crawlSandbox(driver, sandbox, truth.seeds, 1);
  });
  const holding = (networks: readonly Network[], key: string) => networks.findIndex((n) => n.members.some((m) => memberKey(m) === key));
  const planted = truth.networks.map((n) => n.members.map(memberKey).find((k) => k.startsWith('company:'))!);

  test('before the list: the two small networks rank below the planted ones, which have more members flagged high', async ({ driver }) => {
    await computeFlags(driver, { type: 'all' }, { database, now: new Date() });
    const { networks } = await computeNetworks(driver, { type: 'all' }, { database, write: false, engine: 'memory' });
    for (const key of [ETALON, BAYKAL]) {
      const at = holding(networks, key);
      expect(networks[at]?.flagged, key).toEqual({ high: 1, medium: 0, low: 0, listed: 0 });
      for (const p of planted) expect(holding(networks, p), `${p} above ${key}`).toBeLessThan(at);
    }
    for (const p of planted) expect(networks[holding(networks, p)]?.flagged.high, p).toBe(3);
  });

  test('after the list: both first (listed 1, two high), ahead of the planted networks (three high), in either engine', async ({
    driver,
  }) => {
    await screenList(driver, LIST, { database, name: 'watch', now: new Date() });
    await computeFlags(driver, { type: 'all' }, { database, now: new Date() });
    const memory = await computeNetworks(driver, { type: 'all' }, { database, write: false, engine: 'memory' });
    const gds = await computeNetworks(driver, { type: 'all' }, { database, write: false, engine: 'gds' });
    expect(gds.engine.name).toBe('gds');
    expect(gds.networks.map((n) => n.id)).toEqual(memory.networks.map((n) => n.id));
    const { networks } = memory;
    expect([holding(networks, ETALON), holding(networks, BAYKAL)].sort()).toEqual([0, 1]);
    for (const n of networks.slice(0, 2)) expect(n.flagged).toEqual({ high: 2, medium: 0, low: 0, listed: 1 });
    for (const p of planted) {
      expect(holding(networks, p), p).toBeGreaterThan(1);
      expect(networks[holding(networks, p)]?.flagged).toMatchObject({ high: 3, listed: 0 });
    }
    // The listed member itself (Михайлова is listed, her company is flagged through her), with its list.
    const etalon = networks[holding(networks, ETALON)]!.members.find((m) => memberKey(m) === ETALON);
    expect([etalon?.flags.includes('listed'), etalon?.lists]).toEqual([true, ['watch']]);
    const baykal = networks[holding(networks, BAYKAL)]!.members.find((m) => memberKey(m) === BAYKAL);
    expect([baykal?.flags.includes('listed'), baykal?.lists]).toEqual([true, ['watch']]);
  });

  test('the built CLI says why they rank first: the listed member by name and its list; --json counts them', async () => {
    const table = await runCli(['networks', '--engine', 'memory', '--no-write']);
    expect(table.code).toBe(0);
    const heads = table.stdout.split('\n').filter((l) => l.startsWith('#'));
    expect(
      heads
        .slice(0, 2)
        .map((l) => l.replace(/^#\d+ +net-[0-9a-f]{12} +size \d+ +score [\d.]+ +/, ''))
        .sort(),
    ).toEqual([
      'flagged 2 high  listed: ЗАО "БайкалПлюс" (company:5974876940) on watch',
      'flagged 2 high  listed: ООО "ЭталонМед" (company:7850271135) on watch',
    ]);
    expect(heads.slice(2).every((l) => !l.includes('listed:'))).toBe(true);
    const json = await runCli(['networks', '--engine', 'gds', '--no-write', '--json']);
    const { networks } = JSON.parse(json.stdout) as { networks: { flagged: Record<string, number> }[] };
    expect(networks.slice(0, 3).map((n) => n.flagged.listed)).toEqual([1, 1, 0]);
    // With seeds, the seeds' own networks are listed first, whatever their rank: the line says so.
    const bySeed = await runCli(['networks', BAYKAL, '--engine', 'memory', '--no-write']);
    expect(bySeed.code, bySeed.stderr).toBe(0);
    expect(bySeed.stderr).toMatch(/^the seeds' own networks first, the rest ranked by their members' red flags as computed /m);
    expect(table.stderr).toMatch(/^ranked by their members' red flags as computed /m);
    // Listed first is not ranked first: a seed's network keeps its number of the whole graph, in the table and the CSV.
    const idOf = (head: string) => /^#\d+ +(net-[0-9a-f]{12}) /.exec(head)?.[1];
    const seed = planted.at(-1)!;
    const bySeedLast = await runCli(['networks', seed, '--engine', 'memory', '--no-write']);
    expect(bySeedLast.code, bySeedLast.stderr).toBe(0);
    const first = bySeedLast.stdout.split('\n').find((l) => l.startsWith('#'))!;
    const place = heads.findIndex((l) => idOf(l) === idOf(first)) + 1;
    expect(place).toBeGreaterThan(2);
    expect(first.startsWith(`#${place}  `), first).toBe(true);
    const csv = await runCli(['networks', seed, '--engine', 'memory', '--no-write', '--csv']);
    expect(csv.stdout.split('\r\n')[1]?.split(',').slice(0, 2)).toEqual([idOf(first), String(place)]);
  });
});
