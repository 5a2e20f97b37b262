import { describe, expect, it } from 'vitest';
import type { ProducingCrawl, Subgraph } from '../../src/export/model.js';
import { provenanceSection } from '../../src/export/writers/html-sections.js';

const seeds = Array.from({ length: 291 }, (_, i) => `company#${i + 2}`);
const crawl = (id: string, records: number): ProducingCrawl => ({
  id,
  seeds,
  maxDepth: 1,
  status: 'finished',
  startedAt: '2026-11-27T04:09:00.000Z',
  finishedAt: '2026-11-27T04:10:00.000Z',
  baseUrl: 'http://127.0.0.1:39112/',
  records,
});

const subgraph: Subgraph = {
  nodes: [],
  edges: [],
  provenance: {
    query: { method: 'walk', statements: [] },
    parameters: { seeds, depth: 2, maxNodes: 5000, maxEdges: 20000, crawl: null, includeRaw: false, asOf: null },
    state: 'current state',
    exportedAt: '2026-11-27T04:10:00.000Z',
    crawl: crawl('crawl-1', 16),
    crawls: Array.from({ length: 8 }, (_, i) => crawl(`crawl-${i + 1}`, 16 - i)),
    tool: { name: 'landing-graph', version: '0.1.0' },
    source: { uri: null, address: '127.0.0.1:7696', agent: 'Neo4j/5.26.30', database: null },
    nodesByHop: [291],
    counts: { nodes: 291, edges: 0 },
  },
};

describe("the case file's provenance", () => {
  it('names the first seeds and crawls of a sweep and says how many more, instead of pages of them', () => {
    const html = provenanceSection(subgraph);
    const row = (name: string) => new RegExp(`<tr><th>${name}</th><td>([^<]*)</td></tr>`).exec(html)?.[1];
    expect(row('Seeds')).toBe(`${seeds.slice(0, 12).join(', ')}, … and 279 more`);
    expect(row('Crawl')).toBe(`crawl-1 (finished; depth 1; 291 seeds: ${seeds.slice(0, 12).join(', ')}, … and 279 more)`);
    expect(row('Crawls that fetched these records')?.split('; crawl-')).toHaveLength(5);
    expect(row('Crawls that fetched these records')).toMatch(/; … and 3 more$/);
    expect(html).not.toContain('company#292');
  });
});
