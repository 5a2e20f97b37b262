import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_KINDS, LISTS_OF_KIND, relationList, type LandingKind, type RelationField } from '../../src/api/kinds.js';
import { evolveGraph, type EvolveChange } from '../../src/sandbox/evolve.js';
import { expectedChanges, type ExpectedEdge, type RecordChange } from '../support/sandbox/expected-changes.js';
import { generateGraph } from '../../src/sandbox/generate-graph.js';
import type { SandboxGraph } from '../../src/sandbox/graph-types.js';
import { groundTruth } from '../../src/sandbox/ground-truth.js';
import { edgesOf, reachable, type NodeRef } from '../../src/sandbox/reachable.js';
import { blockVariant, buildRecord } from '../../src/sandbox/records/build-record.js';
import { BodyCache, route } from '../../src/sandbox/router.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { ipOf, personOf } from '../../src/sandbox/shared-values.js';
import { byId, byKey, get } from './helpers.js';

type Rec = Record<string, unknown>;
const graph = generateGraph({ records: 800, seed: 13 });
const DEPTH = 2;

/** The first company whose ball at DEPTH is big enough to hold every kind of change. */
const seedCompany = graph.ids('company').find((id) => reachable(graph, [{ kind: 'company', id }], DEPTH).fetched.length >= 80) as number;
const seeds: NodeRef[] = [{ kind: 'company', id: seedCompany }];
const ball = reachable(graph, seeds, DEPTH);
const atDepth = (d: number) => ball.fetched.filter((r) => r.depth === d);

/** What the router answers for a record by page number (no cache). */
function answer(world: SandboxGraph, kind: string, id: number): { status: number; body: string } {
  return route(world, new BodyCache(0), `/api/v1/landing/${kind}/${id}`, new URLSearchParams());
}
function json(world: SandboxGraph, kind: LandingKind, id: number): Rec {
  const res = answer(world, kind, id);
  expect(res.status, `${kind} ${id}`).toBe(200);
  return JSON.parse(res.body) as Rec;
}
const entryIds = (record: Rec, field: RelationField): unknown[] => (record[field] as Rec[]).map((e) => e.id);
const kindOf = (id: number) => graph.kindOf(id) as LandingKind;
const present = (id: number, ...blocks: string[]) => blocks.every((b) => blockVariant(graph, id, b) === 'present');

describe('evolveGraph', () => {
  it('is deterministic: the same options give the same changes and byte-identical bodies; another seed another world', () => {
    const options = { seed: 4, within: { seeds, depth: DEPTH } };
    const a = evolveGraph(graph, options);
    const b = evolveGraph(graph, options);
    expect(a.changes).toEqual(b.changes);
    expect(a.changes.length).toBeGreaterThan(8);
    for (const ref of reachable(a, seeds, DEPTH).fetched) {
      expect(answer(a, ref.kind, ref.id).body).toBe(answer(b, ref.kind, ref.id).body);
    }
    expect(JSON.stringify(groundTruth(a))).toBe(JSON.stringify(groundTruth(b)));
    expect(evolveGraph(graph, { ...options, seed: 5 }).changes).not.toEqual(a.changes);
    // The random changes, written out, replay to the same world.
    const replay = evolveGraph(graph, { changes: a.changes });
    expect(JSON.stringify(groundTruth(replay))).toBe(JSON.stringify(groundTruth(a)));
  });

  it('leaves the old graph unchanged', () => {
    const truth = JSON.stringify(groundTruth(graph));
    const bodies = ball.fetched.map((r) => answer(graph, r.kind, r.id).body);
    const world = evolveGraph(graph, {
      seed: 2,
      removeEntries: 20,
      addEntries: 20,
      retitle: 10,
      changeFields: 10,
      gone: 10,
      newRecords: 10,
    });
    expect(world.previous).toBe(graph);
    expect(JSON.stringify(groundTruth(graph))).toBe(truth);
    expect(ball.fetched.map((r) => answer(graph, r.kind, r.id).body)).toEqual(bodies);
  });

  it('keeps the invariants: every entry is of its list kind, keys stay unique, new ids lie above every id in use', () => {
    const world = evolveGraph(graph, {
      seed: 3,
      removeEntries: 40,
      addEntries: 40,
      retitle: 20,
      changeFields: 20,
      gone: 15,
      newRecords: 20,
    });
    const dangling = new Set(graph.danglingIds);
    for (const id of world.ids()) {
      const kind = world.kindOf(id);
      if (kind === 'branch' || kind === undefined) continue;
      for (const field of LISTS_OF_KIND[kind]) {
        for (const to of Array.from(world.list(id, field))) {
          if (!dangling.has(to)) expect(world.node(to)?.kind, `${kind} ${id} ${field} ${to}`).toBe(relationList(field).target);
        }
      }
    }
    for (const kind of LANDING_KINDS) {
      const keys = world.ids(kind).map((id) => world.node(id)?.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const id of world.ids(kind)) expect(world.lookup(kind, world.node(id)?.key as string)).toBe(id);
    }
    const highest = Math.max(...graph.ids(), ...graph.danglingIds);
    expect(world.newIds).toHaveLength(20);
    for (const id of world.newIds) expect(id).toBeGreaterThan(highest);
    expect(world.goneIds).toHaveLength(15);
    for (const id of world.goneIds) expect(world.kindOf(id)).toBeUndefined();
    expect(world.recordCount).toBe(graph.recordCount - 15 + 20);
  });

  it('picks the changed records inside the ball when asked, and a crawl of the ball sees every one', () => {
    const world = evolveGraph(graph, { seed: 7, within: { seeds, depth: DEPTH } });
    const inBall = new Set(ball.fetched.map((r) => r.id));
    const subjects = world.changes.map((c) => (c.type === 'newRecord' ? c.listedBy.id : (c as { id: number }).id));
    for (const id of subjects) expect(inBall.has(id), `changed record ${id}`).toBe(true);
    const expected = expectedChanges(graph, world, seeds, DEPTH);
    const reported = new Map(expected.records.map((r) => [r.id, r.change]));
    for (const change of world.changes) {
      if (change.type === 'gone') expect(reported.get(change.id)).toBe('gone');
      else if (change.type === 'newRecord') {
        expect(reported.get(change.id as number)).toBe('new');
        expect(reported.get(change.listedBy.id)).toBe('changed');
      } else if (change.type !== 'back' && reported.get(change.id) !== 'gone') expect(reported.get(change.id), change.type).toBe('changed');
    }
  });

  it('rejects changes that break the invariants or change nothing', () => {
    const company = atDepth(0)[0]?.id as number;
    const phone = graph.ids('phone')[0] as number;
    const domain = graph.ids('domain')[0] as number;
    const bad: EvolveChange[] = [
      { type: 'addEntry', id: company, field: 'relatedDomains', toId: phone },
      { type: 'addEntry', id: company, field: 'similarDomains', toId: domain },
      { type: 'removeEntry', id: company, field: 'relatedDomains', toId: phone },
      { type: 'retitle', id: phone, title: '+70000000000' },
      { type: 'retitle', id: domain, title: 'other.example' },
      { type: 'back', id: company },
      { type: 'setShared', id: company, identifier: 'ip' },
      { type: 'setField', id: domain, path: 'title', value: 'x' },
      { type: 'newRecord', kind: 'domain', listedBy: { id: company, field: 'relatedPhones' } },
      { type: 'gone', id: graph.danglingIds[0] as number },
    ];
    for (const change of bad) expect(() => evolveGraph(graph, { changes: [change] }), JSON.stringify(change)).toThrow(/evolveGraph/);
  });
});

describe('an evolved world as served', () => {
  const company = atDepth(1).find((r) => r.kind === 'company' && present(r.id, 'companyInfo', 'companyManagersAndFounders'))?.id as number;
  const lister = atDepth(0)[0]?.id as number;
  const removed = Array.from(graph.list(lister, 'relatedDomains'))[0] as number;
  const added = graph
    .ids('company')
    .find((id) => id !== lister && !Array.from(graph.list(lister, 'competitorCompanies')).includes(id)) as number;
  const domains = ball.fetched.filter((r) => r.kind === 'domain' && present(r.id, 'dns', 'websiteResponseHeaders')).map((r) => r.id);
  const [ipDomain, likeDomain, patched] = domains as [number, number, number];
  const upper = domains.find(
    (id) => graph.node(id)?.title === graph.node(id)?.key && /^[a-z0-9.-]+$/.test(graph.node(id)?.key ?? ''),
  ) as number;
  const used = [company, lister, ipDomain, likeDomain, patched, upper];
  const goneId = atDepth(1).find((r) => r.kind === 'domain' && !used.includes(r.id))?.id as number;
  const changes: EvolveChange[] = [
    { type: 'removeEntry', id: lister, field: 'relatedDomains', toId: removed },
    { type: 'addEntry', id: lister, field: 'competitorCompanies', toId: added },
    { type: 'retitle', id: company, title: 'ООО "Новое Имя"' },
    { type: 'retitle', id: upper, title: (graph.node(upper)?.key ?? '').toUpperCase() },
    { type: 'setShared', id: ipDomain, identifier: 'ip' },
    { type: 'setShared', id: likeDomain, identifier: 'ip', like: ipDomain },
    { type: 'setShared', id: company, identifier: 'manager' },
    { type: 'setField', id: patched, path: 'dns.a', value: ['203.0.113.7'] },
    { type: 'gone', id: goneId },
    { type: 'newRecord', kind: 'domain', listedBy: { id: lister } },
    { type: 'newRecord', kind: 'company', listedBy: { id: lister } },
    { type: 'newRecord', kind: 'email', listedBy: { id: lister } },
    { type: 'newRecord', kind: 'phone', listedBy: { id: lister } },
  ];
  const world1 = evolveGraph(graph, { changes });
  const world2 = evolveGraph(world1, { changes: [{ type: 'back', id: goneId }] });

  it('drops a removed entry and appends an added one', () => {
    expect(entryIds(json(graph, kindOf(lister), lister), 'relatedDomains')).toContain(removed);
    expect(entryIds(json(world1, kindOf(lister), lister), 'relatedDomains')).not.toContain(removed);
    expect(entryIds(json(graph, kindOf(lister), lister), 'competitorCompanies')).not.toContain(added);
    expect(entryIds(json(world1, kindOf(lister), lister), 'competitorCompanies').at(-1)).toBe(added);
  });

  it('serves a new title in the header, the blocks and the entries that list the record; the key still finds it', () => {
    const before = json(graph, 'company', company);
    const after = json(world1, 'company', company);
    expect(after.title).toBe('ООО "Новое Имя"');
    expect((after.companyInfo as Rec).shortName).toBe('ООО "Новое Имя"');
    expect((after.companyRequisites as Rec).inn).toBe((before.companyRequisites as Rec).inn);
    expect(world1.lookup('company', graph.node(company)?.key as string)).toBe(company);
    const listing = ball.fetched.find((r) =>
      entryIds(json(graph, r.kind as LandingKind, r.id), 'relatedCompanies').includes(company),
    ) as NodeRef;
    const entry = (json(world1, listing.kind as LandingKind, listing.id).relatedCompanies as Rec[]).find((e) => e.id === company);
    expect(entry?.title).toBe('ООО "Новое Имя"');
    const domain = json(world1, 'domain', upper);
    expect(domain.title).toBe(graph.node(upper)?.key?.toUpperCase());
    expect(world1.lookup('domain', graph.node(upper)?.key as string)).toBe(upper);
  });

  it('moves shared identifiers: a fresh IP, the IP of another domain, a new manager, in every block that shows them', () => {
    const fresh = (json(world1, 'domain', ipDomain).dns as Rec).a as string[];
    expect(fresh).not.toEqual((json(graph, 'domain', ipDomain).dns as Rec).a);
    expect(groundTruth(graph).shared.ip.some((g) => g.value === fresh[0])).toBe(false);
    expect((json(world1, 'domain', ipDomain).websiteResponseHeaders as Rec).hostIp).toBe(fresh[0]);
    const shared = ipOf(graph.seed, graph.node(ipDomain)?.ip, ipDomain);
    expect(shared).not.toBe(fresh[0]);
    expect((json(world1, 'domain', likeDomain).dns as Rec).a).toEqual(fresh);
    const people = (world: SandboxGraph) => json(world, 'company', company).companyManagersAndFounders as Rec;
    expect(((people(world1).managers as Rec[])[0] as Rec).inn).not.toBe(((people(graph).managers as Rec[])[0] as Rec).inn);
    expect(people(world1).founders).toEqual(people(graph).founders);
    const group = world1.node(company)?.manager as number;
    expect(((people(world1).managers as Rec[])[0] as Rec).inn).toBe(personOf(graph.seed, group).inn);
  });

  it('patches a block field', () => {
    expect((json(world1, 'domain', patched).dns as Rec).a).toEqual(['203.0.113.7']);
    expect((json(world1, 'domain', patched).dns as Rec).aWww).toEqual((json(graph, 'domain', patched).dns as Rec).aWww);
  });

  it('answers 404 for a gone record (by id and by key) while others still list it, and serves it again when it is back', () => {
    const key = graph.node(goneId)?.key as string;
    expect(answer(world1, 'domain', goneId).status).toBe(404);
    expect(
      route(world1, new BodyCache(0), `/api/v1/landing/domain/${encodeURIComponent(key)}`, new URLSearchParams('isKey=true')).status,
    ).toBe(404);
    expect(world1.goneIds).toEqual([goneId]);
    expect(reachable(world1, seeds, DEPTH).notFound).toContainEqual({ kind: 'domain', id: goneId });
    const listing = ball.fetched.find((r) => edgesOf(graph, r.kind as LandingKind, r.id).some((e) => e.toId === goneId)) as NodeRef;
    const entries = (json(world1, listing.kind as LandingKind, listing.id).relatedDomains as Rec[]).filter((e) => e.id === goneId);
    expect(entries.map((e) => e.title)).toContain(graph.node(goneId)?.title);
    expect(world2.generation).toBe(2);
    expect(world2.goneIds).toEqual([]);
    // As world 1 would have served it (its entries show world 1's titles).
    expect(answer(world2, 'domain', goneId).body).toBe(JSON.stringify(buildRecord(world1, 'domain', goneId)));
    expect(world2.lookup('domain', key)).toBe(goneId);
  });

  it('adds new records of every kind, with full bodies, reachable only through the entry that lists them', () => {
    const newIds = world1.newIds;
    expect(newIds).toHaveLength(4);
    expect(newIds.map((id) => world1.kindOf(id))).toEqual(['domain', 'company', 'email', 'phone']);
    for (const id of newIds) {
      const kind = world1.kindOf(id) as LandingKind;
      expect(answer(graph, kind, id).status).toBe(404);
      const record = json(world1, kind, id);
      expect(record.id).toBe(id);
      expect(world1.lookup(kind, world1.node(id)?.key as string)).toBe(id);
      const listers = world1.ids().filter((from) => {
        const k = world1.kindOf(from);
        return k !== undefined && k !== 'branch' && LISTS_OF_KIND[k].some((f) => Array.from(world1.list(from, f)).includes(id));
      });
      expect(listers).toEqual([lister]);
      expect(
        entryIds(
          record,
          LISTS_OF_KIND[kind].find((f) => relationList(f).target === kindOf(lister) && f.startsWith('related')) as RelationField,
        ),
      ).toEqual([lister]);
    }
    const domain = json(world1, 'domain', newIds[0] as number);
    const company = json(world1, 'company', newIds[1] as number);
    const present = (record: Rec, block: string) => record[block] !== undefined && record[block] !== null;
    expect(['dns', 'whoIs', 'traffic'].filter((b) => present(domain, b)).length).toBeGreaterThan(0);
    expect(['companyInfo', 'companyRequisites', 'financeResults'].filter((b) => present(company, b)).length).toBeGreaterThan(0);
    expect(reachable(world1, seeds, DEPTH).fetched.map((r) => r.id)).toEqual(expect.arrayContaining([...newIds]));
  });
});

describe('expectedChanges', () => {
  /** Changes chosen so that their effects stay on their own records (no owned domains, founders, contacts). */
  const shownBy = (company: number) =>
    graph.ids().some((id) => graph.node(id)?.owner === company && graph.node(id)?.kind === 'domain') ||
    graph.ids('company').some((id) => graph.node(id)?.founders?.includes(-company));
  const ids = new Set<number>();
  const pick = (test: (r: NodeRef & { depth: number }) => boolean): number => {
    const found = ball.fetched.find((r) => !ids.has(r.id) && r.id !== seedCompany && test(r));
    if (!found) throw new Error('no record for the test');
    ids.add(found.id);
    return found.id;
  };
  const similarFrom = pick((r) => r.kind === 'domain' && r.depth === DEPTH && graph.list(r.id, 'similarDomains').length > 0);
  const similarGone = graph.list(similarFrom, 'similarDomains')[0] as number;
  ids.add(similarGone);
  const competitorFrom = pick((r) => r.kind === 'company' && r.depth === 1);
  // Already fetched: the new entry brings no new record into the ball.
  const competitorTo = pick((r) => r.kind === 'company' && !Array.from(graph.list(competitorFrom, 'competitorCompanies')).includes(r.id));
  const renamed = pick((r) => r.kind === 'company' && !shownBy(r.id) && present(r.id, 'companyInfo'));
  const moved = pick((r) => r.kind === 'domain' && present(r.id, 'dns', 'websiteResponseHeaders'));
  // At the last hop: nothing else leaves the ball with it.
  const gone = pick((r) => r.depth === DEPTH);
  const lister = pick((r) => r.kind === 'company' && r.depth < DEPTH);
  const changes: EvolveChange[] = [
    { type: 'removeEntry', id: similarFrom, field: 'similarDomains', toId: similarGone },
    { type: 'addEntry', id: competitorFrom, field: 'competitorCompanies', toId: competitorTo },
    { type: 'retitle', id: renamed, title: 'АО "Переименовано"' },
    { type: 'setShared', id: moved, identifier: 'ip' },
    { type: 'gone', id: gone },
    { type: 'newRecord', kind: 'domain', listedBy: { id: lister, field: 'relatedDomains' } },
  ];
  const world1 = evolveGraph(graph, { changes });
  const world2 = evolveGraph(world1, { changes: [{ type: 'back', id: gone }] });
  const created = world1.newIds[0] as number;
  const edge = (list: RelationField, kind: string, id: number): ExpectedEdge => ({
    type: relationList(list).relation,
    list,
    to: { kind: kind as LandingKind, id },
  });
  const allEdges = (world: SandboxGraph, id: number): ExpectedEdge[] =>
    edgesOf(world, kindOf(id), id).map((e) => edge(e.field, e.toKind, e.toId));
  const base = (id: number, change: RecordChange['change'], world: SandboxGraph = graph): RecordChange => ({
    kind: world.kindOf(id) as LandingKind,
    id,
    key: world.node(id)?.key ?? null,
    change,
    edgesAdded: [],
    edgesRemoved: [],
    fields: [],
    properties: [],
    pivots: [],
    keyLinks: [],
  });

  it('returns exactly the changes made, and nothing else', () => {
    const result = expectedChanges(graph, world1, seeds, DEPTH);
    const oldIp = ipOf(graph.seed, graph.node(moved)?.ip, moved);
    const newIp = ipOf(graph.seed, world1.node(moved)?.ip, moved);
    const renamedRecord = result.records.find((r) => r.id === renamed) as RecordChange;
    expect(renamedRecord.fields).toContain('companyInfo.shortName');
    expect(renamedRecord.fields.every((f) => f.startsWith('companyInfo.'))).toBe(true);
    const byKind = (a: RecordChange, b: RecordChange) => (a.kind === b.kind ? a.id - b.id : a.kind < b.kind ? -1 : 1);
    const expected: RecordChange[] = [
      { ...base(similarFrom, 'changed'), edgesRemoved: [edge('similarDomains', 'domain', similarGone)] },
      { ...base(competitorFrom, 'changed'), edgesAdded: [edge('competitorCompanies', 'company', competitorTo)] },
      {
        ...base(renamed, 'changed'),
        titleBefore: graph.node(renamed)?.title as string,
        titleAfter: 'АО "Переименовано"',
        fields: renamedRecord.fields,
        properties: renamedRecord.properties,
      },
      {
        ...base(moved, 'changed'),
        fields: ['dns.a', 'dns.aWww', 'dns.ptr', 'dns.spf', 'websiteResponseHeaders.hostIp'],
        properties: [
          { name: 'dnsA', before: [oldIp], after: [newIp] },
          { name: 'dnsAWww', before: [oldIp], after: [newIp] },
          { name: 'hostIp', before: oldIp, after: newIp },
        ],
        pivots: [{ pivot: 'IP', kind: 'ip' as const, relation: 'RESOLVES_TO', role: null, removed: [oldIp], added: [newIp] }],
      },
      { ...base(gone, 'gone'), edgesRemoved: allEdges(graph, gone) },
      { ...base(lister, 'changed'), edgesAdded: [edge('relatedDomains', 'domain', created)] },
      { ...base(created, 'new', world1), edgesAdded: [edge('relatedCompanies', 'company', lister)] },
    ].sort(byKind);
    expect(renamedRecord.properties).toContainEqual({ name: 'shortName', before: graph.node(renamed)?.title, after: 'АО "Переименовано"' });
    expect(result.records).toEqual(expected);
    expect(result.stubTitles).toEqual([]);
    expect(expectedChanges(graph, graph, seeds, DEPTH).records).toEqual([]);
  });

  it('a new manager and address: HAS_OFFICER and REGISTERED_AT pivots of the new values, analyst properties before and after', () => {
    const company = ball.fetched.find(
      (r) => r.kind === 'company' && r.id !== seedCompany && present(r.id, 'companyInfo', 'companyManagersAndFounders'),
    )?.id as number;
    const world = evolveGraph(graph, {
      changes: [
        { type: 'setShared', id: company, identifier: 'manager' },
        { type: 'setShared', id: company, identifier: 'address' },
      ],
    });
    const [change, ...others] = expectedChanges(graph, world, seeds, DEPTH).records;
    expect(others).toEqual([]);
    expect(change).toMatchObject({ kind: 'company', id: company, change: 'changed', edgesAdded: [], edgesRemoved: [] });
    const oldManager = personOf(graph.seed, graph.node(company)?.manager as number);
    const newManager = personOf(graph.seed, world.node(company)?.manager as number);
    // One link per role: the manager role moves from one person to the other, whoever stays a founder.
    expect(change?.pivots.filter((p) => p.pivot === 'Person')).toEqual([
      {
        pivot: 'Person',
        kind: 'person',
        relation: 'HAS_OFFICER',
        role: 'manager',
        removed: [`inn:${oldManager.inn}`],
        added: [`inn:${newManager.inn}`],
      },
    ]);
    expect(change?.pivots.find((p) => p.pivot === 'Address')).toMatchObject({ relation: 'REGISTERED_AT' });
    expect(change?.pivots.find((p) => p.pivot === 'Address')?.added).toHaveLength(1);
    expect(change?.properties).toContainEqual({ name: 'managers', before: [oldManager.name], after: [newManager.name] });
    expect(change?.fields).toEqual(expect.arrayContaining(['companyInfo.registrationAddress', 'companyManagersAndFounders.managers']));
    expect(change?.properties.map((p) => p.name)).toContain('registrationAddress');
  });

  it('a record gone in one world and back in the next: gone, then back with all its edges', () => {
    expect(expectedChanges(world1, world2, seeds, DEPTH).records).toEqual([{ ...base(gone, 'back'), edgesAdded: allEdges(graph, gone) }]);
  });
});

describe('sandbox.setGraph', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ graph });
  });
  afterAll(async () => sandbox?.close());

  it('switches the answers of a running sandbox to another world, and back', async () => {
    const company = atDepth(0)[0]?.id as number;
    const goneId = atDepth(1).find((r) => r.kind === 'domain')?.id as number;
    const world = evolveGraph(graph, {
      changes: [
        { type: 'retitle', id: company, title: 'ООО "Другой Мир"' },
        { type: 'gone', id: goneId },
      ],
    });
    const before = await get(sandbox, byId('company', company));
    expect(before.json().title).toBe(graph.node(company)?.title);
    expect((await get(sandbox, byId('domain', goneId))).status).toBe(200);
    sandbox.setGraph(world);
    expect(sandbox.graph).toBe(world);
    expect((await get(sandbox, byId('company', company))).json().title).toBe('ООО "Другой Мир"');
    expect((await get(sandbox, byKey('company', graph.node(company)?.key as string))).json().title).toBe('ООО "Другой Мир"');
    expect((await get(sandbox, byId('domain', goneId))).status).toBe(404);
    const truth = (await get(sandbox, '/__sandbox/ground-truth')).json();
    expect(truth.recordCount).toBe(graph.recordCount - 1);
    sandbox.setGraph(graph);
    expect((await get(sandbox, byId('company', company))).text).toBe(before.text);
    expect((await get(sandbox, byId('domain', goneId))).status).toBe(200);
  });
});

describe('POST /__sandbox/evolve (a sandbox in another process changes its world)', () => {
  it('serves the next world, and refuses options it does not know', async () => {
    const sandbox = await startSandbox({ records: 200, seed: 9 });
    try {
      const before = sandbox.graph;
      const post = (body: string) => fetch(`${sandbox.url}/__sandbox/evolve`, { method: 'POST', body });
      const answer = await post(JSON.stringify({ seed: 2, gone: 1, newRecords: 1 }));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ generation: 1, gone: 1, newIds: 1 });
      expect(sandbox.graph).not.toBe(before);
      expect((await post('{"drop": true}')).status).toBe(400);
      expect((await post('not json')).status).toBe(400);
    } finally {
      await sandbox.close();
    }
  });
});
