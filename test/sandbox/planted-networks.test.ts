import { describe, expect, it } from 'vitest';
import { buildRecord } from '../../src/sandbox/index.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';
import { companySpelling, measureSpellings } from '../../src/sandbox/planted/spellings.js';
import { personOf, spelledPerson } from '../../src/sandbox/shared-values.js';

describe('plantNetworks', () => {
  const { graph, truth } = plantNetworks();

  it('plants six networks of 18 records (a shadow site each, for flags) and 200 fillers, all reachable from the company seeds at depth 1', () => {
    expect(truth.networks.map((n) => n.members.length)).toEqual([18, 18, 18, 18, 18, 18]);
    expect(truth.fillers).toHaveLength(200);
    expect(truth.seeds).toHaveLength(291); // 30 in networks, 6 in small ones, 200 fillers, 19 of flag patterns, 36 of name variants
    expect(truth.smallNetworks.map((n) => n.members.length)).toEqual([4, 4, 4]);
    const keys = [...truth.networks, ...truth.smallNetworks].flatMap((n) => n.members.map((m) => `${m.kind}:${m.key}`));
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of truth.networks.flatMap((n) => n.members)) expect(graph.lookup(m.kind, m.key)).toBe(m.id);
  });

  it('gives every network a company with the nominee co-founder, one at the mass address and one listing the webmail', () => {
    for (const network of truth.networks) {
      const bodies = network.members.filter((m) => m.kind === 'company').map((m) => JSON.stringify(buildRecord(graph, 'company', m.id)));
      expect(bodies.some((b) => b.includes(truth.noise.webmail.key))).toBe(true);
      expect(bodies.filter((b) => b.includes(truth.noise.massAddress.text)).length).toBeLessThanOrEqual(1);
    }
    // The nominee: managers of 150 fillers plus co-founder in each network (a block may be left out, ~7 %).
    const inn = truth.noise.nominee.key.slice('inn:'.length);
    const showing = truth.seeds.filter((s) => JSON.stringify(buildRecord(graph, 'company', s.id)).includes(inn)).length;
    expect(showing).toBeGreaterThan(140);
    expect(showing).toBeLessThanOrEqual(156);
  });

  it('serves the red-flag patterns whole: status, registration day, predecessors, revenue and site creation days', () => {
    const company = (id: number) =>
      JSON.parse(JSON.stringify(buildRecord(graph, 'company', id))) as Record<string, Record<string, unknown>>;
    const [young] = truth.flags.youngCompany as [number];
    expect(company(young).companyInfo?.readonlyegistrationDate).toBe('2024-03-01T00:00:00.000Z');
    const [site] = company(young).relatedDomains as unknown as { id: number }[];
    const domain = JSON.parse(JSON.stringify(buildRecord(graph, 'domain', site?.id ?? 0))) as { whoIs: { creationDate: string } };
    expect(domain.whoIs.creationDate).toBe('2024-03-13T00:00:00.000Z');
    const [risen] = truth.flags.phoenix as [number];
    const [dead] = truth.flags.decoys.phoenix as [number];
    expect(company(dead).companyInfo?.status).toBe('Ликвидирована');
    const predecessors = company(risen).companyPredecessorsAndSuccessors?.predecessors as { inn: string }[];
    expect(predecessors.map((p) => p.inn)).toEqual([graph.node(dead)?.key]);
    const [empty] = truth.flags.noActivityManySites as [number];
    const revenue = company(empty).financeResults?.revenueAndCost as Record<string, Record<string, { value: number }>>;
    expect(Object.values(revenue).map((year) => year['2110']?.value)).toEqual([0, 0, 0, 0, 0]);
    for (const id of truth.flags.companies) for (const block of ['companyInfo', 'financeResults']) expect(company(id)[block]).toBeTruthy();
  });
});

describe('planted name variants (spellings.ts)', () => {
  const name = {
    shortName: 'ООО "Урал-Центр"',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "УРАЛ-ЦЕНТР"',
    opf: 'Общество с ограниченной ответственностью',
  };

  it('spells a company four ways and a person three', () => {
    expect([0, 1, 2, 3].map((v) => companySpelling(name, v))).toEqual([
      'Общество с ограниченной ответственностью «УРАЛ-ЦЕНТР»',
      'OOO "Ural-Tsentr"',
      'Ural-Tsentr LLC',
      'ооо «УРАЛ-ЦЕНТР»',
    ]);
    const full = personOf(7, 5001).name;
    const [surname = '', first = '', patronymic = ''] = full.split(' ');
    expect(personOf(7, spelledPerson(5001, 1))).toEqual({ name: `${surname} ${first[0]}.${patronymic[0]}.`, inn: '' });
    expect(personOf(7, spelledPerson(5001, 2))).toEqual({ name: `${first} ${patronymic} ${surname}`, inn: '' });
    expect(personOf(7, spelledPerson(5001, 3)).name).toMatch(/^[A-Z][a-z'-]+ [A-Z][a-z'-]+$/);
  });

  it('plants twelve pairs of each with near misses, and measures candidates only on them', () => {
    const { graph, truth } = plantNetworks();
    const { spellings } = truth;
    expect(spellings.companies).toHaveLength(12);
    expect(spellings.strangers).toHaveLength(12);
    const key = (id: number) => graph.node(id)?.key as string;
    const [base, twin] = spellings.companies[0] as [number, number];
    const [inn, suffix] = spellings.personKeys[0] as [string, string];
    const right = { a: { kind: 'company', key: key(base) }, b: { kind: 'company', key: key(twin) } };
    const person = { a: { kind: 'person', key: inn }, b: { kind: 'person', key: `name:x${suffix}` } };
    const wrong = { a: { kind: 'company', key: key(base) }, b: { kind: 'company', key: key(spellings.strangers[0] as number) } };
    const elsewhere = { a: { kind: 'company', key: '7700000001' }, b: { kind: 'company', key: '7700000002' } };
    expect(measureSpellings(spellings, key, [right, person, wrong, elsewhere])).toMatchObject({
      precision: 2 / 3,
      recall: 2 / 24,
      found: 2,
      positives: 24,
    });
  });
});
