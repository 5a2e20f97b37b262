import type { UndirectedGraph } from 'graphology';
import louvainModule from 'graphology-communities-louvain';
import { mulberry32 } from '../random.js';
import type { NetworkOptions } from './model.js';

/** The package is CommonJS (`module.exports = louvain`) typed as an ES default export: the default import is the function. */
const louvain = louvainModule as unknown as typeof louvainModule.default;

/**
 * The member graph of `networks` in typed arrays (pure): members are numbers 0..count-1 in key order, and each
 * member lists its neighbours of a higher number in ascending order with the weight of the pair. A graphology
 * graph of a whole scope is far larger; one is built only for a component Louvain splits.
 */
export interface MemberGraph {
  count: number;
  /** Member m's higher neighbours are `to[start[m]] .. to[start[m + 1] - 1]`. */
  start: Int32Array;
  to: Int32Array;
  weight: Float64Array;
}

/**
 * The identifiers that tie, as spans of parallel link arrays: tie t is identifier `identifiers[t]`, its links
 * `start[identifiers[t]] .. start[identifiers[t] + 1] - 1` of `member` (members by number in key order) and `weight`.
 */
export interface Ties {
  identifiers: Int32Array;
  start: Int32Array;
  member: Int32Array;
  weight: Float64Array;
}

/**
 * Join two members by the sum, over the ties they share, of the weaker of their two links. The sum of a pair is
 * taken in the order of the ties (the caller's key order), so the floating-point result does not depend on the reader.
 */
export function memberGraph(count: number, ties: Ties): MemberGraph {
  const slots = new Int32Array(count + 1);
  forEachPair(ties, (a) => {
    (slots[a + 1] as number) += 1;
  });
  for (let m = 0; m < count; m++) (slots[m + 1] as number) += slots[m] as number;
  const rawTo = new Int32Array(slots[count] as number);
  const rawWeight = new Float64Array(slots[count] as number);
  const cursor = slots.slice(0, count);
  forEachPair(ties, (a, b, w) => {
    const at = cursor[a] as number;
    cursor[a] = at + 1;
    rawTo[at] = b;
    rawWeight[at] = w;
  });
  // Per member: its pairs by neighbour (a stable sort keeps the ties' order), the weights of one neighbour summed.
  const start = new Int32Array(count + 1);
  const to = new Int32Array(rawTo.length);
  const weight = new Float64Array(rawTo.length);
  let out = 0;
  for (let a = 0; a < count; a++) {
    start[a] = out;
    const from = slots[a] as number;
    const order = Array.from({ length: (slots[a + 1] as number) - from }, (_, i) => from + i);
    order.sort((x, y) => (rawTo[x] as number) - (rawTo[y] as number));
    for (const at of order) {
      const b = rawTo[at] as number;
      if (out > (start[a] as number) && to[out - 1] === b) (weight[out - 1] as number) += rawWeight[at] as number;
      else {
        to[out] = b;
        weight[out++] = rawWeight[at] as number;
      }
    }
  }
  start[count] = out;
  return { count, start, to: to.slice(0, out), weight: weight.slice(0, out) };
}

/** Every pair of members of every tie, tie by tie, the lower number first, with the weaker of their two weights. */
function forEachPair(ties: Ties, visit: (a: number, b: number, w: number) => void) {
  const { member, weight } = ties;
  for (const identifier of ties.identifiers) {
    const [from, to] = [ties.start[identifier] as number, ties.start[identifier + 1] as number];
    for (let i = from; i < to; i++) {
      for (let j = i + 1; j < to; j++) {
        const [mi, mj] = [member[i] as number, member[j] as number];
        visit(Math.min(mi, mj), Math.max(mi, mj), Math.min(weight[i] as number, weight[j] as number));
      }
    }
  }
}

/** The connected components of at least `minSize` members, each in ascending order (union-find). */
export function connectedComponents(graph: MemberGraph, minSize: number): number[][] {
  const parent = Int32Array.from({ length: graph.count }, (_, m) => m);
  const root = (m: number): number => {
    let r = m;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[m] !== r) {
      const next = parent[m] as number;
      parent[m] = r;
      m = next;
    }
    return r;
  };
  for (let a = 0; a < graph.count; a++) {
    for (let p = graph.start[a] as number; p < (graph.start[a + 1] as number); p++) {
      const [ra, rb] = [root(a), root(graph.to[p] as number)];
      if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }
  }
  const size = new Int32Array(graph.count);
  for (let m = 0; m < graph.count; m++) (size[root(m)] as number) += 1;
  const components = new Map<number, number[]>();
  for (let m = 0; m < graph.count; m++) {
    const r = root(m);
    if ((size[r] as number) < minSize) continue;
    const list = components.get(r);
    if (list) list.push(m);
    else components.set(r, [m]);
  }
  return [...components.values()];
}

/**
 * Louvain at `resolution`; a community still larger than 10 x splitAbove (a giant component of weakly bridged
 * groups that a low resolution keeps together) is split again at twice the resolution, up to 2.4.
 * `nodes` ascending; the parts come back ascending. `keys` name the members (the Louvain graph's node keys).
 */
export function splitDeep(
  graph: MemberGraph,
  keys: readonly string[],
  nodes: readonly number[],
  options: NetworkOptions,
  resolution: number,
): number[][] {
  const parts = splitComponent(graph, keys, nodes, options.minModularity, resolution);
  if (parts.length < 2 || resolution * 2 > 2.4) return parts;
  return parts.flatMap((part) => (part.length > options.splitAbove * 10 ? splitDeep(graph, keys, part, options, resolution * 2) : [part]));
}

/** Louvain on the component (weighted, seeded): its communities, or the whole component when the partition is weak. */
function splitComponent(graph: MemberGraph, keys: readonly string[], nodes: readonly number[], minModularity: number, resolution: number) {
  const view = louvainView(graph, keys, nodes);
  const result = louvain.detailed(view as unknown as UndirectedGraph, {
    getEdgeWeight: 'weight',
    rng: mulberry32(0x5eed),
    randomWalk: false,
    resolution,
  });
  if (result.count < 2 || result.modularity < minModularity) return [[...nodes]];
  const byCommunity = new Map<number, number[]>();
  for (const node of nodes) {
    const community = result.communities[keys[node] as string] as number;
    const list = byCommunity.get(community);
    if (list) list.push(node);
    else byCommunity.set(community, [node]);
  }
  return rejoinParts(graph, keys, [...byCommunity.values()]);
}

/**
 * Louvain's communities, kept apart only where the cut between them is a bridge. Two rules, applied in rounds until
 * nothing changes (each round is one pass over the component's pairs):
 * - a part without a company is a company's sites and contacts cut off from it (Louvain at 0.3 cut a planted
 *   network's site, its mailbox and phone away in a 2,000-record world): it goes back to the part it is most strongly
 *   tied to (equal weights: the one whose first member comes first), if that part holds a company;
 * - two parts tied by at least REJOIN_SHARE of the smaller one's inner weight are one network cut along its officers
 *   (a planted network's two halves share an address, an officer and phones): they are joined again. A bridge of a
 *   stray phone between two groups weighs 0.9, against inner weights of tens.
 * Parts come back ascending, in the order of their first members.
 */
export function rejoinParts(graph: MemberGraph, keys: readonly string[], parts: number[][]): number[][] {
  const isCompany = (m: number) => /^company[:#]/.test(keys[m] as string);
  const partOf = new Int32Array(graph.count).fill(-1);
  parts.forEach((part, i) => {
    for (const m of part) partOf[m] = i;
  });
  const hasCompany = parts.map((part) => part.some(isCompany));
  const first = (p: number) => parts[p]?.[0] ?? Number.MAX_SAFE_INTEGER;
  for (;;) {
    const inner = new Float64Array(parts.length);
    const cross = new Map<number, Map<number, number>>();
    const add = (from: number, to: number, weight: number) => {
      const row = cross.get(from) ?? new Map<number, number>();
      cross.set(from, row);
      row.set(to, (row.get(to) ?? 0) + weight);
    };
    for (const part of parts) {
      for (const a of part) {
        const pa = partOf[a] as number;
        for (let at = graph.start[a] as number; at < (graph.start[a + 1] as number); at++) {
          const pb = partOf[graph.to[at] as number] as number;
          if (pb < 0) continue;
          const weight = graph.weight[at] as number;
          if (pb === pa) (inner[pa] as number) += weight;
          else {
            add(pa, pb, weight);
            add(pb, pa, weight);
          }
        }
      }
    }
    const merges: [number, number][] = [];
    for (const [from, row] of cross) {
      if (!hasCompany[from]) {
        let best: number | undefined;
        for (const [to, weight] of row) {
          const bestWeight = best === undefined ? -1 : (row.get(best) as number);
          if (weight > bestWeight || (weight === bestWeight && first(to) < first(best as number))) best = to;
        }
        if (best !== undefined && hasCompany[best]) merges.push([from, best]);
        continue;
      }
      for (const [to, weight] of row) {
        // A lone member has no inner weight: Louvain cut it off, and a tie alone does not bring it back.
        const smaller = Math.min(inner[from] as number, inner[to] as number);
        if (to > from && hasCompany[to] && smaller > 0 && weight >= REJOIN_SHARE * smaller) merges.push([from, to]);
      }
    }
    if (merges.length === 0) break;
    for (const [a, b] of merges) {
      const [from, into] = [partOf[parts[a]?.[0] ?? -1] ?? -1, partOf[parts[b]?.[0] ?? -1] ?? -1];
      if (from < 0 || into < 0 || from === into) continue;
      // Record by record, not push(...part): a part of a large component overflows the call stack as arguments.
      for (const m of parts[from] as number[]) {
        partOf[m] = into;
        (parts[into] as number[]).push(m);
      }
      parts[from] = [];
      hasCompany[into] = true;
    }
  }
  return parts
    .filter((part) => part.length > 0)
    .map((part) => part.sort((a, b) => a - b))
    .sort((a, b) => (a[0] as number) - (b[0] as number));
}

/** Two parts tied by this share of the smaller one's inner weight are not split (rejoinParts). */
export const REJOIN_SHARE = 0.3;

/**
 * The members `nodes` (ascending) and the edges between them, as the few graphology methods Louvain reads
 * (graphology-communities-louvain's isGraph and type checks; graphology-indices/louvain.js's UndirectedLouvainIndex:
 * order, size, selfLoopCount, forEachNode, undirectedDegreeWithoutSelfLoops, forEachEdge), read from the typed
 * arrays, so that a large component is never copied into graphology's maps.
 * Nodes and edges come in the order of a graphology graph built node by node, then each node's edges to higher
 * nodes ascending (source the lower): Louvain answers the same on both (test/network/member-graph.test.ts).
 */
export function louvainView(graph: MemberGraph, keys: readonly string[], nodes: readonly number[]) {
  const place = new Map<number, number>(nodes.map((node, i) => [node, i]));
  const forEachPairIn = (visit: (from: number, to: number, p: number) => void) => {
    nodes.forEach((node, i) => {
      for (let p = graph.start[node] as number; p < (graph.start[node + 1] as number); p++) {
        const j = place.get(graph.to[p] as number);
        if (j !== undefined) visit(i, j, p);
      }
    });
  };
  const degree = new Int32Array(nodes.length);
  let size = 0;
  forEachPairIn((i, j) => {
    size++;
    (degree[i] as number) += 1;
    (degree[j] as number) += 1;
  });
  const degreeOf = new Map<string, number>(nodes.map((node, i) => [keys[node] as string, degree[i] as number]));
  const readOnly = () => {
    throw new Error('the member graph view is read-only');
  };
  return {
    type: 'undirected',
    multi: false,
    order: nodes.length,
    size,
    selfLoopCount: 0,
    addUndirectedEdgeWithKey: readOnly,
    dropNode: readOnly,
    setNodeAttribute: readOnly,
    forEachNode(visit: (node: string, attributes: object) => void) {
      for (const node of nodes) visit(keys[node] as string, {});
    },
    undirectedDegreeWithoutSelfLoops: (node: string) => degreeOf.get(node) ?? 0,
    forEachEdge(visit: (edge: string, attributes: { weight: number }, source: string, target: string) => void) {
      forEachPairIn((i, j, p) =>
        visit(String(p), { weight: graph.weight[p] as number }, keys[nodes[i] as number] as string, keys[nodes[j] as number] as string),
      );
    },
  };
}
