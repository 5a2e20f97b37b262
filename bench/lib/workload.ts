import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LandingKind } from '../../src/api/kinds.js';
import { generateGraph, reachable, type SandboxGraph } from '../../src/sandbox/index.js';
import { outDir } from './util.js';

export interface RecordRef {
  kind: LandingKind;
  id: number;
  /** Hops from the nearest seed (the crawl's BFS level). */
  depth: number;
  /** The service answers 404 (a dangling id within reach). */
  notFound: boolean;
}

export interface Workload {
  graph: SandboxGraph;
  seeds: { kind: LandingKind; id: number }[];
  /** How the seeds were chosen, for the results. */
  seeding: string;
  depth: number;
  /** What a correct crawl with these seeds and depth requests, in BFS order (level, then refs as the frontier pages them). */
  records: RecordRef[];
  /** Landing records of the graph (what "coverage" divides by). */
  recordCount: number;
  /** Edges (list entries) the fetched records carry: what a correct crawl writes. */
  expectedListEdges: number;
}

const LANDING: readonly LandingKind[] = ['domain', 'company', 'email', 'phone'];

/**
 * Seeds and depth that make a breadth-first crawl cover the whole sandbox graph: the first company, at the
 * depth that reaches everything reachable from it, plus every record not reachable from it (isolated
 * components) as a seed of its own. The ground truth is the sandbox's own `reachable`.
 */
export function coveringWorkload(records: number, seed: number): Workload {
  const graph = generateGraph({ records, seed });
  const first = graph.ids('company')[0]!;
  const main = reachable(graph, [{ kind: 'company', id: first }], 20);
  const depth = main.fetched.reduce((deepest, f) => Math.max(deepest, f.depth), 1);
  const reached = new Set(main.fetched.map((f) => f.id));
  const extra: { kind: LandingKind; id: number }[] = [];
  for (const kind of LANDING) for (const id of graph.ids(kind)) if (!reached.has(id)) extra.push({ kind, id });
  const seeds = [{ kind: 'company' as const, id: first }, ...extra];
  const seeding = `company#${first} (the first company) plus the ${extra.length} records not reachable from it (${((extra.length / graph.recordCount) * 100).toFixed(1)} %, isolated components) as seeds of their own; depth ${depth} (the eccentricity of company#${first}); seeds computed with the sandbox's reachable()`;
  return { ...fromReach(graph, seeds, depth), seeding };
}

/** One company as the only seed, depth `depth` (for crawls stopped by the clock). */
export function singleSeedWorkload(records: number, seed: number, depth: number): Workload {
  const graph = generateGraph({ records, seed });
  const first = graph.ids('company')[0]!;
  return {
    ...fromReach(graph, [{ kind: 'company', id: first }], depth),
    seeding: `company#${first} (the first company) alone, depth ${depth}`,
  };
}

function fromReach(graph: SandboxGraph, seeds: { kind: LandingKind; id: number }[], depth: number): Omit<Workload, 'seeding'> {
  const reach = reachable(graph, seeds, depth);
  const byLevel = [...reach.fetched].sort((a, b) => a.depth - b.depth || compare(`${a.kind}#${a.id}`, `${b.kind}#${b.id}`));
  const list: RecordRef[] = byLevel.map((f) => ({ kind: f.kind as LandingKind, id: f.id, depth: f.depth, notFound: false }));
  for (const n of reach.notFound)
    if (LANDING.includes(n.kind as LandingKind)) list.push({ kind: n.kind as LandingKind, id: n.id, depth, notFound: true });
  return { graph, seeds, depth, records: list, recordCount: graph.recordCount, expectedListEdges: reach.edges.length };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Write seeds in the CLI's syntax (`company#42`), one a line. */
export function writeSeedsFile(name: string, seeds: { kind: LandingKind; id: number }[]): string {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${name}.seeds`);
  writeFileSync(file, `${seeds.map((s) => `${s.kind}#${s.id}`).join('\n')}\n`);
  return file;
}
