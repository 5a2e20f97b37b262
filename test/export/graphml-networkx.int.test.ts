import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSubgraph, type ExportFormat, type ExportRequest, type Subgraph } from '../../src/export/index.js';
import { openTestDriver, testConnection } from '../support/neo4j.js';
import { buildExportGraph, type ExportGraph } from './fixture.js';

const run = promisify(execFile);
const OUT = path.join(import.meta.dirname, 'out', 'networkx');
const SCRIPT = path.join(import.meta.dirname, 'networkx-roundtrip.py');

type Attributes = Record<string, [string, unknown]> | null;
interface RoundTrip {
  read: { nodes: number; edges: number; multigraph: boolean; directed: boolean; nones: string[] };
  graphml: { nodes: number; edges: number };
  gexf: { nodes: number; edges: number };
  nodes: Record<string, { read: Attributes; graphml: Attributes; gexf: Attributes }>;
}

/**
 * The GraphML export in a real client: Python's networkx (installed by scripts/test-setup) reads it, writes it back
 * out as GraphML and as GEXF, and reads both again; nothing may be None, no node or edge may be lost, and typed
 * attributes keep their types. Counts come from the JSON export of the same subgraph, a writer of its own.
 */
describe('GraphML export: networkx reads it and writes it back out', () => {
  let driver: Driver;
  let graph: ExportGraph;
  let subgraph: Subgraph;
  let trip: RoundTrip;
  let domain: Subgraph['nodes'][number];
  const exportAs = (format: ExportFormat) => {
    const request: ExportRequest = { seeds: graph.seeds, depth: 2 };
    return exportSubgraph(
      driver,
      { ...request, format, out: path.join(OUT, `export.${format}`) },
      { database: testConnection().database, uri: 'bolt://127.0.0.1:7687' },
    );
  };

  beforeAll(async () => {
    driver = await openTestDriver();
    graph = await buildExportGraph(driver);
    await mkdir(OUT, { recursive: true });
    subgraph = (await exportAs('json')).subgraph;
    await exportAs('graphml');
    // A fetched domain with a title and https, beside the seed: typed attributes to follow through the round trip.
    domain = subgraph.nodes.find((n) => n.elementKey === graph.hostileDomain)!;
    const seed = `company#${graph.seeds[0]!.id}`;
    const { stdout } = await run('python3', [SCRIPT, path.join(OUT, 'export.graphml'), OUT, seed, domain.elementKey]).catch(
      (error: { code?: unknown; stderr?: string }) => {
        if (error.code === 'ENOENT' || /No module named '?networkx/.test(error.stderr ?? ''))
          throw new Error('no python3 with networkx: run bash scripts/test-setup (it installs them)');
        throw error;
      },
    );
    trip = JSON.parse(stdout) as RoundTrip;
  });
  afterAll(async () => {
    await driver?.close();
    await graph?.sandbox.close();
  });

  it('reads every node and edge, with no attribute None', () => {
    expect(subgraph.nodes.length).toBeGreaterThan(50);
    expect(trip.read).toEqual({ nodes: subgraph.nodes.length, edges: subgraph.edges.length, multigraph: true, directed: true, nones: [] });
  });

  it('writes it back out as GraphML and as GEXF, and reads both again whole', () => {
    expect(trip.graphml).toEqual({ nodes: subgraph.nodes.length, edges: subgraph.edges.length });
    expect(trip.gexf).toEqual({ nodes: subgraph.nodes.length, edges: subgraph.edges.length });
  });

  it('keeps typed attributes through both round trips: page numbers as int, https as bool, names as str', () => {
    const seedId = graph.seeds[0]!.id!;
    const domainId = Number(graph.hostileDomain.split('#')[1]);
    const https = domain.properties.https?.value;
    expect(typeof https).toBe('boolean');
    for (const step of ['read', 'graphml', 'gexf'] as const) {
      const company = trip.nodes[`company#${seedId}`]![step]!;
      expect(company['property.id'], step).toEqual(['int', seedId]);
      expect(company.kind, step).toEqual(['str', 'company']);
      expect(company.label?.[0], step).toBe('str');
      const site = trip.nodes[graph.hostileDomain]![step]!;
      expect(site['property.id'], step).toEqual(['int', domainId]);
      expect(site.https, step).toEqual(['bool', https]);
      expect(site.labels, step).toEqual(['str', 'Domain:Landing']);
    }
  });

  it('gives yEd real coordinates: every node has numeric x and y', async () => {
    const xml = await readFile(path.join(OUT, 'export.graphml'), 'utf8');
    const geometries = [...xml.matchAll(/<y:Geometry ([^>]*)\/>/g)].map((m) => m[1]!);
    expect(geometries).toHaveLength(subgraph.nodes.length);
    for (const g of geometries) expect(g).toMatch(/^x="-?\d+(\.\d+)?" y="-?\d+(\.\d+)?" width="\d+" height="\d+"$/);
  });
});
