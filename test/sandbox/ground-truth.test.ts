import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTS_OF_KIND, relationList, type LandingKind } from '../../src/api/kinds.js';
import { generateGraph } from '../../src/sandbox/generate-graph.js';
import { GraphAssembler } from '../../src/sandbox/graph-store.js';
import { groundTruth, reachable, writeGroundTruth } from '../../src/sandbox/ground-truth.js';
import { Rng } from '../../src/sandbox/prng.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { byId, byKey, get } from './helpers.js';

/**
 * The hand-checkable graph:
 *   company 1 <-> domain 2 (related), 1 -> branch 6, 1 -> company 8 (competitor, one way)
 *   domain 2 -> domain 3 (similar, one way), domain 2 <-> email 4, domain 3 <-> domain 7
 *   email 4 -> phone 99 (dangling), company 8 <-> phone 5
 */
function handGraph() {
  const asm = new GraphAssembler([
    { id: 1, kind: 'company', title: 'ООО "Один"', key: '7700000001', ogrn: '1027700000001' },
    { id: 2, kind: 'domain', title: 'Two.example', key: 'two.example', owner: 1 },
    { id: 3, kind: 'domain', title: 'three.example', key: 'three.example' },
    { id: 4, kind: 'email', title: 'Four+x@two.example', key: 'four+x@two.example' },
    { id: 5, kind: 'phone', title: '+70000000005', key: '+70000000005' },
    { id: 6, kind: 'branch', title: 'Филиал ООО "Один"', owner: 1 },
    { id: 7, kind: 'domain', title: 'seven.example', key: 'seven.example' },
    { id: 8, kind: 'company', title: 'АО "Восемь"', key: '7700000008', ogrn: '1027700000008' },
  ]);
  asm.relate(1, 2);
  asm.relate(1, 6);
  asm.edge(1, 'competitorCompanies', 8);
  asm.edge(2, 'similarDomains', 3);
  asm.relate(2, 4);
  asm.relate(3, 7);
  asm.edge(4, 'relatedPhones', 99);
  asm.relate(8, 5);
  return asm.finish({ seed: 1, danglingIds: [99] });
}

describe('reachable() on a hand-checkable graph', () => {
  const g = handGraph();

  it('depth 1: seeds and their neighbours fetched, the next ring as frontier, every entry as an edge', () => {
    const r = reachable(g, [{ kind: 'company', id: 1 }], 1);
    expect(r.fetched).toEqual([
      { kind: 'company', id: 1, depth: 0 },
      { kind: 'company', id: 8, depth: 1 },
      { kind: 'domain', id: 2, depth: 1 },
    ]);
    expect(r.frontier).toEqual([
      { kind: 'domain', id: 3 },
      { kind: 'email', id: 4 },
      { kind: 'phone', id: 5 },
    ]);
    expect(r.stubs).toEqual([{ kind: 'branch', id: 6 }, ...r.frontier]);
    expect(r.notFound).toEqual([]);
    expect(r.edges.map((e) => `${e.fromId}-${e.field}-${e.toKind}:${e.toId}`)).toEqual([
      '1-relatedDomains-domain:2',
      '1-relatedBranches-branch:6',
      '1-competitorCompanies-company:8',
      '8-relatedPhones-phone:5',
      '2-relatedCompanies-company:1',
      '2-relatedEmails-email:4',
      '2-similarDomains-domain:3',
    ]);
  });

  it('deeper: a dangling id is frontier at depth + 1 and not found within depth', () => {
    expect(reachable(g, [{ kind: 'company', id: 1 }], 2).frontier).toEqual([
      { kind: 'domain', id: 7 },
      { kind: 'phone', id: 99 },
    ]);
    const r3 = reachable(g, [{ kind: 'company', id: 1 }], 3);
    expect(r3.notFound).toEqual([{ kind: 'phone', id: 99 }]);
    expect(r3.fetched.find((f) => f.id === 7)).toEqual({ kind: 'domain', id: 7, depth: 3 });
    expect(r3.frontier).toEqual([]);
  });

  it('follows only the given lists, but writes every entry of fetched records', () => {
    const r = reachable(g, [{ kind: 'company', id: 1 }], 5, ['relatedDomains', 'relatedCompanies']);
    expect(r.fetched.map((f) => f.id)).toEqual([1, 2]);
    expect(r.stubs).toEqual([
      { kind: 'branch', id: 6 },
      { kind: 'company', id: 8 },
      { kind: 'domain', id: 3 },
      { kind: 'email', id: 4 },
    ]);
  });

  it('depth 0 and seeds that are not records', () => {
    const r = reachable(
      g,
      [
        { kind: 'domain', id: 2 },
        { kind: 'domain', id: 1 },
        { kind: 'email', id: 404 },
      ],
      0,
    );
    expect(r.fetched).toEqual([{ kind: 'domain', id: 2, depth: 0 }]);
    expect(r.notFound).toEqual([
      { kind: 'domain', id: 1 },
      { kind: 'email', id: 404 },
    ]);
    expect(r.frontier).toEqual([
      { kind: 'company', id: 1 },
      { kind: 'domain', id: 3 },
      { kind: 'email', id: 4 },
    ]);
  });

  it('a hand-built graph is served like a generated one', async () => {
    const sandbox = await startSandbox({ graph: g });
    try {
      const company = await get(sandbox, byKey('company', '1027700000001'));
      expect(company.status).toBe(200);
      expect((company.json().relatedDomains as { id: number }[]).map((e) => e.id)).toEqual([2]);
      expect((await get(sandbox, byKey('email', 'FOUR+X@two.example'))).json().id).toBe(4);
      expect((await get(sandbox, byId('phone', 99))).status).toBe(404);
      for (const id of [2, 3, 4, 5, 7, 8]) expect((await get(sandbox, byId(g.kindOf(id) as string, id))).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});

describe('ground truth against the server', () => {
  const graph = generateGraph({ records: 1500, seed: 21 });
  const truth = groundTruth(graph);
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ graph });
  });
  afterAll(async () => sandbox?.close());

  it('edges agree with the lists served, for a sample of records of every kind (hubs included)', async () => {
    const rng = new Rng(5);
    const sample = [...graph.hubIds, ...(['domain', 'company', 'email', 'phone'] as const).flatMap((k) => rng.sample(graph.ids(k), 12))];
    const byFrom = new Map<number, string[]>();
    for (const e of truth.edges) {
      const list = byFrom.get(e.fromId) ?? [];
      list.push(`${e.field}:${e.toKind}:${e.toId}`);
      byFrom.set(e.fromId, list);
    }
    for (const id of sample) {
      const kind = graph.kindOf(id) as LandingKind;
      const record = (await get(sandbox, byId(kind, id))).json();
      const served: string[] = [];
      for (const field of LISTS_OF_KIND[kind]) {
        const target = relationList(field).target;
        const ids = (record[field] as { id: number }[] | null | undefined)?.map((e) => e.id) ?? [];
        for (const to of new Set(ids)) served.push(`${field}:${target}:${to}`);
      }
      expect(served, `${kind} ${id}`).toEqual(byFrom.get(id) ?? []);
    }
  });

  it('shared identifiers are what the served records show', async () => {
    const ip = truth.shared.ip[0]!;
    for (const id of ip.domainIds.slice(0, 5)) {
      const r = (await get(sandbox, byId('domain', id))).json() as {
        dns?: { a: string[] } | null;
        websiteResponseHeaders?: { hostIp: string } | null;
      };
      expect([...(r.dns?.a ?? []), r.websiteResponseHeaders?.hostIp]).toContain(ip.value);
    }
    const person = truth.shared.manager[0]!;
    for (const id of person.companyIds.slice(0, 5)) {
      const r = (await get(sandbox, byId('company', id))).json() as {
        companyManagersAndFounders: { managers: { inn: string }[]; founders: { inn: string }[] };
      };
      const people = [...r.companyManagersAndFounders.managers, ...r.companyManagersAndFounders.founders];
      expect(people.map((p) => p.inn)).toContain(person.inn);
    }
    const address = truth.shared.address[0]!;
    for (const id of address.companyIds.slice(0, 5)) {
      expect(((await get(sandbox, byId('company', id))).json().companyInfo as { registrationAddress: string }).registrationAddress).toBe(
        address.value,
      );
    }
  });

  it('writeGroundTruth writes the same JSON', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sandbox-truth-'));
    try {
      const file = path.join(dir, 'truth.json');
      await writeGroundTruth(graph, file);
      expect(await readFile(file, 'utf8')).toBe(JSON.stringify(truth));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
