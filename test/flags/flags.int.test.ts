import { describe, expect } from 'vitest';
import { computeFlags, type Finding, findingsOf, type Flag, flagsJson } from '../../src/flags/index.js';
import type { LandingKind } from '../../src/api/kinds.js';
import { computeNetworks, memberKey } from '../../src/network/index.js';
import { buildRecord } from '../../src/sandbox/records/build-record.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';
import { crawlSandbox } from '../support/fixtures.js';
import { sandboxTest, withSetUp } from '../support/fixtures.js';
import { resetGraph, testConnection } from '../support/neo4j.js';

/**
 * The red-flag rules on the planted world crawled over HTTP into a real Neo4j: a nominee director of 150 fillers and
 * one company per network, a mass address of 200 fillers and one per network, and decoys that must not fire (each
 * network's own officers hold at most five companies, its address four). Expectations come from the records the
 * sandbox serves, not from the rules' Cypher.
 */
/** What the tests read of a company record as the sandbox serves it. */
interface Served {
  key?: string;
  title?: string;
  companyInfo?: { registrationAddress?: string } | null;
  companyRequisites?: { inn?: string } | null;
  companyManagersAndFounders?: { managers?: { inn?: string }[] | null; founders?: { inn?: string }[] | null } | null;
}

describe('flags: explainable rules over the current graph', () => {
  const { graph, truth } = plantNetworks();
  const database = testConnection().database;
  const served = (id: number) => JSON.parse(JSON.stringify(buildRecord(graph, 'company', id) ?? {})) as Served;
  const people = (id: number): { inn?: string }[] => {
    const block = served(id).companyManagersAndFounders ?? {};
    return [...(block.managers ?? []), ...(block.founders ?? [])];
  };

  const test = withSetUp(sandboxTest({ graph }), async ({ sandbox, driver }) => {
    await resetGraph(driver);
    await crawlSandbox(driver, sandbox, truth.seeds, 1);
  });

  const flagged = (flags: Flag[], rule: string) =>
    flags
      .filter((f) => f.rule === rule)
      .map((f) => f.record.id)
      .sort((a, b) => (a ?? 0) - (b ?? 0));

  test('mass-officer fires exactly on the companies the nominee manages or founded, with the facts', async ({ driver }) => {
    const { flags } = await computeFlags(driver, { type: 'all' }, { database, rules: ['mass-officer'], write: false });
    const nominee = truth.noise.nominee.key.replace(/^inn:/, '');
    const expected = truth.seeds.map((s) => s.id).filter((id) => people(id).some((p) => p.inn === nominee));
    expect(expected.length).toBeGreaterThan(100);
    expect(flagged(flags, 'mass-officer')).toEqual([...expected].sort((a, b) => a - b));
    const one = flags[0] as Flag;
    expect(one).toMatchObject({ rule: 'mass-officer', severity: 'high' });
    expect(one.evidence[0]?.fact).toMatch(
      new RegExp(`\\(INN ${nominee}\\), its (founder|manager|founder and manager), is manager or founder of \\d+ other companies$`),
    );
    expect(one.evidence[0]?.records.length).toBe(5);
  });

  test('mass-address fires exactly on the companies served at the mass address', async ({ driver }) => {
    const { flags } = await computeFlags(driver, { type: 'all' }, { database, rules: ['mass-address'], write: false });
    const address = truth.noise.massAddress.text;
    const expected = truth.seeds.map((s) => s.id).filter((id) => served(id).companyInfo?.registrationAddress === address);
    expect(expected.length).toBeGreaterThan(150);
    expect(flagged(flags, 'mass-address')).toEqual([...expected].sort((a, b) => a - b));
    expect(flags.every((f) => f.score >= 0.5 && f.score <= 1)).toBe(true);
    // The evidence names the address and how many others share it, with five of those companies.
    for (const flag of flags) {
      expect(flag.evidence).toHaveLength(1);
      expect(flag.evidence[0]?.fact).toBe(`registered at ${address}, with ${expected.length - 1} other companies`);
      const others = flag.evidence[0]?.records ?? [];
      expect(others).toHaveLength(5);
      for (const other of others) {
        expect(other.kind).toBe('company');
        expect(expected).toContain(other.id);
        expect(other.id).not.toBe(flag.record.id);
      }
    }
  });

  test('the flags of one nominee and of one mass address read as one finding each, naming every member', async ({ driver }) => {
    const { flags } = await computeFlags(driver, { type: 'all' }, { database, rules: ['mass-officer', 'mass-address'], write: false });
    const nominee = truth.noise.nominee.key.replace(/^inn:/, '');
    const address = truth.noise.massAddress.text;
    const officerOf = truth.seeds.map((s) => s.id).filter((id) => people(id).some((p) => p.inn === nominee));
    const atAddress = truth.seeds.map((s) => s.id).filter((id) => served(id).companyInfo?.registrationAddress === address);
    const findings = findingsOf(flags);
    expect(findings.map((f) => [f.rule, f.flags.length])).toEqual([
      ['mass-officer', officerOf.length],
      ['mass-address', atAddress.length],
    ]);
    const [officer, place] = findings as [Finding, Finding];
    expect(officer.shared?.fact).toMatch(new RegExp(`^.+ \\(INN ${nominee}\\) is manager or founder of ${officerOf.length} companies$`));
    expect(place.shared?.fact).toBe(`${address} houses ${atAddress.length} companies`);
    expect(sorted(place.flags.map((f) => f.record.id ?? -1))).toEqual(sorted(atAddress));
    // Each member is named by the title the sandbox serves.
    for (const f of place.flags) expect(f.record.name).toBe(served(f.record.id ?? -1).title);
  });

  test('competitors-share-control fires on the planted competitor pairs under one control, not on the decoys sharing only hubs', async ({
    driver,
  }) => {
    const { flags } = await computeFlags(driver, { type: 'all' }, { database, rules: ['competitors-share-control'], write: false });
    const companyIds = (n: (typeof truth.networks)[number]) => n.members.filter((m) => m.kind === 'company').map((m) => m.id);
    const expected = truth.networks.flatMap((n) => companyIds(n).slice(3, 5));
    expect(flagged(flags, 'competitors-share-control')).toEqual([...expected].sort((a, b) => a - b));
    expect(flags[0]?.evidence[0]?.fact).toMatch(/^listed as a competitor of .+, yet shares (address|officer|phone|email) \S/);
    // Each planted pair is one finding of its two companies.
    const pairs = truth.networks.map((n) => sorted(companyIds(n).slice(3, 5)));
    const findings = findingsOf(flags).map((f) => sorted(f.flags.map((x) => x.record.id ?? -1)));
    expect([...findings].sort((a, b) => (a[0] as number) - (b[0] as number))).toEqual(
      [...pairs].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
  });

  test('registrant-mismatch fires exactly on the shadow sites whose WhoIs registrant does not list them', async ({ driver }) => {
    const { flags } = await computeFlags(driver, { type: 'all' }, { database, rules: ['registrant-mismatch'], write: false });
    const shadows = truth.networks.flatMap((n) => n.members.filter((m) => m.kind === 'domain' && m.key.endsWith('-shadow.ru')));
    expect(shadows).toHaveLength(truth.networks.length);
    expect(flags.map((f) => f.record.key).sort()).toEqual(shadows.map((m) => m.key).sort());
    expect(flags[0]?.evidence[0]?.fact).toMatch(/^WhoIs names .+ as registrant, and that company lists \d+ other sites but not this one$/);
  });

  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
  const only = async (driver: Parameters<typeof computeFlags>[0], rule: string) =>
    (await computeFlags(driver, { type: 'all' }, { database, rules: [rule], write: false })).flags;

  test('young-company fires on the company registered days before its sites, not on the slow starter or the older site', async ({
    driver,
  }) => {
    const flags = await only(driver, 'young-company');
    expect(flagged(flags, 'young-company')).toEqual(sorted(truth.flags.youngCompany));
    expect(flags[0]?.evidence.map((e) => e.fact)).toEqual([
      'registered on 2024-03-01; its site fresh-shop0.ru was created 12 days later, on 2024-03-13',
      'registered on 2024-03-01; its site fresh-shop1.ru was created 20 days later, on 2024-03-21',
      'registered on 2024-03-01; its site fresh-shop2.ru was created 25 days later, on 2024-03-26',
    ]);
    expect(flags[0]?.evidence[0]?.records[0]).toMatchObject({ kind: 'domain', key: 'fresh-shop0.ru' });
    expect(flags[0]?.score).toBe(1); // 0.5 + 0.5 * (1 - 12/30) + 0.1 * 2
  });

  test('liquidated-serves-live fires on the liquidated company whose phone and site a live one lists, not on the decoys', async ({
    driver,
  }) => {
    const flags = await only(driver, 'liquidated-serves-live');
    expect(flagged(flags, 'liquidated-serves-live')).toEqual(sorted(truth.flags.liquidatedServesLive));
    const [live] = truth.flags.decoys.liquidatedServesLive;
    const [fact] = flags[0]?.evidence ?? [];
    expect(fact?.fact).toMatch(/^Ликвидирована, yet its site still-serving0\.ru, phone \+\d+ also serve .+ \(Действующая\)$/);
    expect(fact?.records.map((r) => r.kind)).toEqual(['company', 'domain', 'phone']);
    expect(fact?.records[0]?.id).toBe(live);
    expect(flags[0]?.score).toBe(0.8);
  });

  test("phoenix fires on the live successors sharing the liquidated predecessor's officer or address, not on the decoys", async ({
    driver,
  }) => {
    const flags = await only(driver, 'phoenix');
    expect(flagged(flags, 'phoenix')).toEqual(sorted(truth.flags.phoenix));
    const facts = flags.flatMap((f) => f.evidence.map((e) => e.fact)).sort();
    expect(facts).toHaveLength(2);
    expect(facts[0]).toMatch(/^succeeds .+ \(В процессе ликвидации\), and shares its address .+$/);
    expect(facts[1]).toMatch(/^succeeds .+ \(Ликвидирована\), and shares its officer .+$/);
    const [dead] = truth.flags.decoys.phoenix;
    expect(flags.find((f) => f.record.id === truth.flags.phoenix[0])?.evidence[0]?.records).toEqual([
      expect.objectContaining({ kind: 'company', id: dead }),
    ]);
  });

  test('no-activity-many-sites fires on the company with no revenue and 12 sites, not on the busy chain or the idle one', async ({
    driver,
  }) => {
    const flags = await only(driver, 'no-activity-many-sites');
    expect(flagged(flags, 'no-activity-many-sites')).toEqual(sorted(truth.flags.noActivityManySites));
    expect(flags[0]?.evidence[0]?.fact).toBe('revenue 0 in 2025, yet 12 sites');
    expect(flags[0]?.evidence[0]?.records).toHaveLength(5);
    expect(flags[0]?.score).toBe(0.525);
  });

  test('no planted company fires a rule it was not planted for; every decoy stays clean', async ({ driver }) => {
    const { flags } = await computeFlags(driver, { type: 'all' }, { database, write: false });
    const planted = new Map<string, number[]>([
      ['young-company', truth.flags.youngCompany],
      ['liquidated-serves-live', truth.flags.liquidatedServesLive],
      ['phoenix', truth.flags.phoenix],
      ['no-activity-many-sites', truth.flags.noActivityManySites],
    ]);
    for (const [rule, ids] of planted) expect(flagged(flags, rule), rule).toEqual(sorted(ids));
    // Across all eight rules, a company of the flag patterns fires only the rule planted for it.
    const plantedFor = new Map<number, string>();
    for (const [rule, ids] of planted) for (const id of ids) plantedFor.set(id, rule);
    const onPatterns = flags.filter((f) => f.record.kind === 'company' && truth.flags.companies.includes(f.record.id ?? -1));
    expect(new Set(flags.map((f) => f.rule)).size).toBe(8);
    for (const f of onPatterns) expect(f.rule, `company ${f.record.id}`).toBe(plantedFor.get(f.record.id ?? -1));
  });

  test('prints exactly the documented JSON; writes :Flag nodes idempotently and retires the ones no longer found', async ({ driver }) => {
    const first = await computeFlags(driver, { type: 'all' }, { database, now: new Date('2026-01-01T00:00:00Z') });
    const json = JSON.parse(flagsJson(first.flags)) as { flags: Record<string, unknown>[] };
    expect(Object.keys(json)).toEqual(['summary', 'findings', 'flags']);
    expect(Object.keys(json.flags[0] ?? {})).toEqual(['rule', 'severity', 'score', 'record', 'evidence', 'shared']);
    expect(Object.keys((json.flags[0]?.record as object) ?? {})).toEqual(['kind', 'id', 'key', 'name']);
    // Most severe first, then by rule, then the highest score.
    const rank = { high: 0, medium: 1, low: 2 };
    const order = first.flags.map((f) => [rank[f.severity], f.rule, -f.score] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || a[2] - b[2]));
    // One entry per rule and record; every piece of evidence names its records as { kind, id, key }.
    const pairs = first.flags.map((f) => `${f.rule} ${f.record.kind}#${f.record.id}:${f.record.key}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const flag of json.flags) {
      for (const evidence of flag.evidence as { fact: unknown; records: object[] }[]) {
        expect(Object.keys(evidence)).toEqual(['fact', 'records']);
        expect(typeof evidence.fact).toBe('string');
        for (const record of evidence.records) expect(Object.keys(record)).toEqual(['kind', 'id', 'key', 'name']);
      }
    }
    expect(first.written?.written).toBe(first.flags.length);

    const count = async () =>
      (
        await driver.executeQuery(
          'MATCH (f:Flag)-[:FLAGS]->(:Landing) RETURN count(f) AS all, count(CASE WHEN f.removedAt IS NULL THEN 1 END) AS current',
          {},
          { database },
        )
      ).records[0]?.toObject();
    expect(await count()).toEqual({ all: first.flags.length, current: first.flags.length });
    const again = await computeFlags(driver, { type: 'all' }, { database, now: new Date('2026-01-02T00:00:00Z') });
    expect(again.flags).toEqual(first.flags);
    expect(again.written).toEqual({ written: first.flags.length, retired: 0 });
    expect(await count()).toEqual({ all: first.flags.length, current: first.flags.length });

    // The nominee leaves one company: its mass-officer flag is retired with the date, not deleted.
    const [company] = first.flags.filter((f) => f.rule === 'mass-officer');
    await driver.executeQuery(
      "MATCH (c:Company {id: $id})-[r:HAS_OFFICER]->(:Person {key: $nominee}) SET r.removedAt = datetime('2026-01-02T12:00:00Z')",
      { id: company?.record.id, nominee: truth.noise.nominee.key },
      { database },
    );
    const later = await computeFlags(driver, { type: 'all' }, { database, rules: ['mass-officer'], now: new Date('2026-01-03T00:00:00Z') });
    expect(later.written?.retired).toBe(1);
    const [retired] = (
      await driver.executeQuery(
        'MATCH (f:Flag {rule: $rule})-[:FLAGS]->(c:Company {id: $id}) RETURN toString(f.removedAt) AS removedAt, size(f.removals) AS removals',
        { rule: 'mass-officer', id: company?.record.id },
        { database },
      )
    ).records.map((r) => r.toObject());
    expect(retired).toEqual({ removedAt: '2026-01-03T00:00:00Z', removals: 1 });
  });

  test("networks rank by their members' current flags: flagged networks first, each member with its rules", async ({ driver }) => {
    const { flags } = await computeFlags(driver, { type: 'all' }, { database, now: new Date('2026-01-04T00:00:00Z') });
    const result = await computeNetworks(driver, { type: 'all' }, { database, write: false });
    expect(result.flagsComputedAt).toBe('2026-01-04T00:00:00Z');
    const rulesOf = new Map<string, Set<string>>();
    for (const f of flags) {
      const key = memberKey({ kind: f.record.kind as LandingKind, id: f.record.id, key: f.record.key });
      rulesOf.set(key, (rulesOf.get(key) ?? new Set()).add(f.rule));
    }
    let members = 0;
    for (const network of result.networks) {
      let withFlags = 0;
      for (const member of network.members) {
        expect(new Set(member.flags), memberKey(member)).toEqual(rulesOf.get(memberKey(member)) ?? new Set());
        if (member.flags.length > 0) withFlags++;
        members++;
      }
      expect(network.flagged.high + network.flagged.medium + network.flagged.low).toBe(withFlags);
    }
    expect(members).toBeGreaterThan(100);
    const weight = (n: (typeof result.networks)[number]) => [n.flagged.high, n.flagged.medium, n.flagged.low];
    const order = result.networks.map(weight);
    const byFlags = [...order].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]! || b[2]! - a[2]!);
    expect(order).toEqual(byFlags);
    expect(order[0]![0]).toBeGreaterThan(0);
    expect(order.at(-1)).toEqual([0, 0, 0]);
  });
});
