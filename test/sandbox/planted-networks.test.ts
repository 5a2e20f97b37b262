import { describe, expect, it } from 'vitest';
import { buildRecord } from '../../src/sandbox/index.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';

describe('plantNetworks', () => {
  const { graph, truth } = plantNetworks();

  it('plants six networks of 18 records (a shadow site each, for flags) and 200 fillers, all reachable from the company seeds at depth 1', () => {
    expect(truth.networks.map((n) => n.members.length)).toEqual([18, 18, 18, 18, 18, 18]);
    expect(truth.fillers).toHaveLength(200);
    expect(truth.seeds).toHaveLength(249);
    const keys = truth.networks.flatMap((n) => n.members.map((m) => `${m.kind}:${m.key}`));
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
