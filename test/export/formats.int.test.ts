import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Driver } from 'neo4j-driver';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { refToString } from '../../src/api/refs.js';
import { RELATIONSHIP_GROUPS } from '../../src/graph/relationship-groups.js';
import { exportSubgraph, readSubgraph, type ExportFormat, type ExportRequest, type Subgraph } from '../../src/export/index.js';
import { toNeo4jParams } from '../../src/store/params.js';
import { openTestDriver, testConnection } from '../support/neo4j.js';
import { launchChromium, parseGraphml } from './browser.js';
import { buildExportGraph, HOSTILE_TITLE, type ExportGraph } from './fixture.js';
import { importIntoSpareNeo4j, type SpareNeo4j } from './spare-neo4j.js';

const OUT = path.join(import.meta.dirname, 'out');
const DEPTH = 2;

describe('landing-graph export: formats on a crawled sandbox graph', () => {
  let driver: Driver;
  let graph: ExportGraph;
  let request: ExportRequest;
  let subgraph: Subgraph;
  const database = () => testConnection().database;
  const file = (format: ExportFormat) => path.join(OUT, `formats.${format === 'csv' ? 'csv.d' : format}`);
  const exportAs = (format: ExportFormat, extra: Partial<ExportRequest> = {}) =>
    exportSubgraph(
      driver,
      { ...request, ...extra, format, out: file(format) },
      { database: database(), uri: 'bolt://neo4j:s3cret-pass@127.0.0.1:7687?key=abc' },
    );

  beforeAll(async () => {
    driver = await openTestDriver();
    graph = await buildExportGraph(driver);
    request = { seeds: graph.seeds, depth: DEPTH };
    subgraph = (await exportAs('json')).subgraph;
  });
  afterAll(async () => {
    await driver?.close();
    await graph?.sandbox.close();
  });

  it('json: the counts are those of a direct Cypher count of the same subgraph, without raw, secrets or bookkeeping', async () => {
    // docs/scope.md: the records a crawl of the seeds to DEPTH fetches (outgoing current lists), what they state
    // (one outgoing current `stated` relationship), and the current relationships among them.
    const direct = await driver.executeQuery(
      `UNWIND $seeds AS seed
       MATCH (s:Landing {kind: seed.kind}) WHERE s.id = seed.id OR s.key = seed.key
       MATCH p = (s)-[:${RELATIONSHIP_GROUPS.lists.join('|')}*0..${DEPTH}]->(m:Landing)
       WHERE all(r IN relationships(p) WHERE r.removedAt IS NULL)
       WITH collect(DISTINCT m) AS ball
       CALL (ball) {
         UNWIND ball AS a
         MATCH (a)-[r:${RELATIONSHIP_GROUPS.stated.join('|')}]->(b) WHERE r.removedAt IS NULL AND (b:Landing OR b:Pivot)
         RETURN collect(DISTINCT b) AS stated
       }
       WITH ball + [b IN stated WHERE NOT b IN ball] AS ns
       CALL (ns) { UNWIND ns AS a MATCH (a)-[r]->(b) WHERE b IN ns AND r.removedAt IS NULL RETURN count(r) AS edges }
       RETURN size(ns) AS nodes, edges`,
      toNeo4jParams({ seeds: graph.seeds.map((s) => ({ kind: s.kind, id: s.id ?? null, key: s.key ?? null })) }),
      database() ? { database: database() } : {},
    );
    const text = await readFile(file('json'), 'utf8');
    const json = JSON.parse(text) as {
      nodes: { elementKey: string; labels: string[]; properties: Record<string, unknown> }[];
      edges: unknown[];
      provenance: Subgraph['provenance'];
    };
    expect({ nodes: json.nodes.length, edges: json.edges.length }).toEqual({
      nodes: direct.records[0]?.get('nodes'),
      edges: direct.records[0]?.get('edges'),
    });
    expect(json.nodes.length).toBeGreaterThan(50);
    expect(new Set(json.nodes.map((n) => n.elementKey)).size).toBe(json.nodes.length);
    expect(json.nodes.some((n) => n.labels.includes('Pivot'))).toBe(true);
    expect(json.nodes.every((n) => n.labels.includes('Landing') || n.labels.includes('Pivot'))).toBe(true);
    expect(json.nodes.some((n) => 'raw' in n.properties)).toBe(false);
    expect(text).not.toMatch(/s3cret|key=abc|neo4j:s3/);
    expect(json.provenance.source.uri).toBe('bolt://127.0.0.1:7687');
    expect(json.provenance.parameters.seeds).toEqual(graph.seeds.map(refToString));
    expect(json.provenance.crawl?.seeds.length).toBeGreaterThan(0);
    expect(json.provenance.crawl?.baseUrl).toBe(`${graph.sandbox.url}/`);
    expect(json.nodes.find((n) => n.elementKey === graph.hostileDomain)?.properties.title).toBe(HOSTILE_TITLE);
    const withRaw = (await exportAs('json', { includeRaw: true })).subgraph;
    expect(withRaw.nodes.filter((n) => n.properties.raw).length).toBeGreaterThan(0);
  });

  it('refuses a subgraph over --max-nodes or --max-edges before writing anything, and names unknown seeds', async () => {
    await rm(file('graphml'), { force: true });
    const nodes = await exportAs('graphml', { maxNodes: 10 }).catch((e: unknown) => e);
    expect(nodes).toMatchObject({ code: 'EXPORT_TOO_LARGE' });
    expect(String((nodes as Error).message)).toMatch(/more than 10 nodes \(--max-nodes 10\).*hop 1.*raise --max-nodes/);
    const edges = await exportAs('graphml', { maxEdges: 5 }).catch((e: unknown) => e);
    expect(edges).toMatchObject({ code: 'EXPORT_TOO_LARGE' });
    expect(String((edges as Error).message)).toMatch(
      /\d+ relationships among the \d+ nodes .* exceed --max-edges 5 .*lower --depth or raise --max-edges/,
    );
    await expect(stat(file('graphml'))).rejects.toThrow();
    const unknown = await exportAs('graphml', {
      seeds: [...graph.seeds, { kind: 'domain', key: 'absent.example' }, { kind: 'phone', id: 999999 }],
    }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: 'SEED_INVALID' });
    expect(String((unknown as Error).message)).toContain('not in the graph: "domain:absent.example", "phone#999999"');
    await expect(exportAs('html', { includeRaw: true })).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await expect(exportAs('json', { crawlId: 'no-such-crawl' })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('no crawl "no-such-crawl"'),
    });
  });

  it('graphml: well-formed for a strict XML parser, with typed keys, every node and edge, hostile text escaped', async () => {
    await exportAs('graphml');
    const xml = await readFile(file('graphml'), 'utf8');
    let browser: Browser | undefined;
    try {
      browser = await launchChromium(inject('chromiumPath'));
      const page = await browser.newPage();
      const parsed = await parseGraphml(page, xml);
      expect(parsed.error).toBeNull();
      expect(parsed.counts).toMatchObject({ graphml: 1, graph: 1, node: subgraph.nodes.length, edge: subgraph.edges.length });
      const key = (domain: string, name: string) => parsed.keys.find((k) => k.for === domain && k.name === name);
      expect(key('node', 'property.id')?.type).toBe('int');
      expect(key('node', 'title')?.type).toBe('string');
      expect(key('node', 'https')?.type).toBe('boolean');
      expect(key('node', 'dnsA')?.type).toBe('string');
      expect(key('node', 'firstSeenAt')?.type).toBe('string');
      expect(key('node', 'label')?.type).toBe('string');
      expect(key('edge', 'list')?.type).toBe('string');
      expect(parsed.keys.every((k) => k.id && (k.type !== null || k.name === null))).toBe(true);
    } finally {
      await browser?.close();
    }
    expect(xml).not.toContain('<script>');
    expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &#39;}) DETACH DELETE n //');
    expect(xml).not.toMatch(/[\u0001\u2028]/);
  });

  describe('round trips into an empty database', () => {
    let spare: SpareNeo4j;
    const reread = () => readSubgraph(spare.driver, request);
    const comparable = (s: Subgraph) => ({ nodes: s.nodes, edges: s.edges });
    /** A CSV column has one type: where the source mixes whole numbers and floats in a property, it is double. */
    const numbersAlike = (s: Subgraph) =>
      JSON.parse(JSON.stringify(comparable(s)).replace(/"type":"(long|double)"/g, '"type":"number"')) as unknown;

    beforeAll(async () => {
      await exportAs('csv');
      spare = await importIntoSpareNeo4j(file('csv'));
    });
    afterAll(async () => {
      await spare?.stop();
    });

    it('csv: neo4j-admin import of the folder gives the same counts, and the same subgraph property for property', async () => {
      const properties = [...subgraph.nodes, ...subgraph.edges].reduce((sum, x) => sum + Object.keys(x.properties).length, 0);
      expect(spare.imported).toEqual({ nodes: subgraph.nodes.length, relationships: subgraph.edges.length, properties });
      expect(numbersAlike(await reread())).toEqual(numbersAlike(subgraph));
    });

    it('cypher: the script replayed (twice) on an empty database recreates the same subgraph, hostile strings intact', async () => {
      const script = (await exportAs('cypher')).written.path;
      await spare.driver.executeQuery('MATCH (n) DETACH DELETE n');
      const statements = (await readFile(script, 'utf8'))
        .split(/;\n\n/)
        .map((s) => s.trim())
        .filter((s) => s && !/^(\/\/[^\n]*\n?)+$/.test(s));
      for (let pass = 0; pass < 2; pass++) {
        for (const statement of statements) await spare.driver.executeQuery(statement);
      }
      const again = await reread();
      expect(comparable(again)).toEqual(comparable(subgraph));
      expect(again.nodes.find((n) => n.elementKey === graph.hostileDomain)?.properties.title?.value).toBe(HOSTILE_TITLE);
    });
  });
});
