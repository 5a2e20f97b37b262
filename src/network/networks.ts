import { createHash } from 'node:crypto';
import { UndirectedGraph } from 'graphology';
import louvainModule from 'graphology-communities-louvain';
import { connectedComponents } from 'graphology-components';
import { mulberry32 } from '../random.js';
import type { EvidenceKind, EvidenceRow, Hub, Network, NetworkEvidence, NetworkMember, NetworkOptions, NetworkResult } from './model.js';

/** The package is CommonJS (`module.exports = louvain`) typed as an ES default export: the default import is the function. */
const louvain = louvainModule as unknown as typeof louvainModule.default;

/**
 * The pure core of `networks`: evidence rows in, networks out. No I/O, no neo4j-driver.
 *
 * 1. Members link to identifiers; a link's weight is the strongest of its rows.
 * 2. An identifier tied to more than `maxShared` records (in the whole graph when the rows say so, else in the
 *    rows) is a hub: it ties nothing and is reported. Identifiers of one member tie nothing either.
 * 3. The member graph joins two members by the sum, over the identifiers they share, of the weaker of their two
 *    links; its connected components (graphology-components) are the candidate networks.
 * 4. A component with more than `splitAbove` members is split by Louvain (graphology-communities-louvain,
 *    weighted, seeded, at `resolution`) when the partition's modularity reaches `minModularity`; otherwise it
 *    stays whole.
 * 5. Score = weighted ties per member: for each identifier, the weights of its links inside the network minus
 *    the strongest one (k members at weight w add w x (k - 1)), summed and divided by the size.
 * Everything is ordered by keys before use, so the result does not depend on the order of the rows.
 */
export function findNetworks(rows: readonly EvidenceRow[], options: NetworkOptions): NetworkResult {
  const members = new Map<string, NetworkMember>();
  const identifiers = new Map<string, Identifier>();
  for (const row of rows) {
    const mKey = memberKey(row.member);
    const known = members.get(mKey);
    if (!known || (known.id === null && row.member.id !== null)) members.set(mKey, { ...row.member });
    const iKey = `${row.evidenceKind}:${row.evidenceKey}`;
    let identifier = identifiers.get(iKey);
    if (!identifier) {
      identifier = { kind: row.evidenceKind, key: row.evidenceKey, links: new Map(), shared: 0 };
      identifiers.set(iKey, identifier);
    }
    identifier.links.set(mKey, Math.max(identifier.links.get(mKey) ?? 0, row.weight));
    identifier.shared = Math.max(identifier.shared, row.shared ?? 0);
  }

  const hubs: Hub[] = [];
  const ties: Identifier[] = [];
  for (const iKey of [...identifiers.keys()].sort(compare)) {
    const identifier = identifiers.get(iKey) as Identifier;
    identifier.shared = Math.max(identifier.shared, identifier.links.size);
    if (identifier.shared > options.maxShared) hubs.push({ kind: identifier.kind, key: identifier.key, shared: identifier.shared });
    else if (identifier.links.size >= 2) ties.push(identifier);
  }
  hubs.sort((a, b) => b.shared - a.shared || compare(a.kind, b.kind) || compare(a.key, b.key));

  // The member graph: two members sharing identifiers are joined with the sum, over those identifiers, of the
  // weaker of their two links. (An identifier of k members adds k(k-1)/2 pairs; k <= maxShared keeps it small.)
  const pairs = new Map<string, number>();
  for (const identifier of ties) {
    const linked = [...identifier.links].sort((a, b) => compare(a[0], b[0]));
    for (let i = 0; i < linked.length; i++) {
      for (let j = i + 1; j < linked.length; j++) {
        const [a, wa] = linked[i] as [string, number];
        const [b, wb] = linked[j] as [string, number];
        const pair = `${a}\n${b}`;
        pairs.set(pair, (pairs.get(pair) ?? 0) + Math.min(wa, wb));
      }
    }
  }
  const graph = new UndirectedGraph({ allowSelfLoops: false });
  for (const mKey of [...members.keys()].sort(compare)) graph.addNode(mKey);
  for (const pair of [...pairs.keys()].sort(compare)) {
    const [a, b] = pair.split('\n') as [string, string];
    graph.addUndirectedEdge(a, b, { weight: pairs.get(pair) as number });
  }

  const groups: string[][] = [];
  let split = 0;
  for (const component of connectedComponents(graph)) {
    if (component.length < options.minSize) continue;
    if (component.length <= options.splitAbove) {
      groups.push(component);
      continue;
    }
    const parts = splitDeep(graph, component, options, options.resolution);
    if (parts.length > 1) split++;
    groups.push(...parts);
  }

  const tiesOf = new Map<string, Identifier[]>();
  for (const identifier of ties) {
    for (const mKey of identifier.links.keys()) {
      let list = tiesOf.get(mKey);
      if (!list) tiesOf.set(mKey, (list = []));
      list.push(identifier);
    }
  }
  const networks: Network[] = [];
  for (const group of groups) {
    if (group.length < options.minSize) continue;
    group.sort(compare);
    const touching = new Set(group.flatMap((mKey) => tiesOf.get(mKey) ?? []));
    networks.push(describe(group, touching, members));
  }
  networks.sort((a, b) => b.score - a.score || b.size - a.size || compare(a.id, b.id));
  return { networks, hubs, split };
}

interface Identifier {
  kind: EvidenceKind;
  key: string;
  /** Member key -> the strongest weight of its links. */
  links: Map<string, number>;
  shared: number;
}

/** A member's stable key: `kind:key`, or `kind#id` for a record without a key. */
export function memberKey(member: NetworkMember): string {
  return member.key !== null && member.key !== '' ? `${member.kind}:${member.key}` : `${member.kind}#${member.id ?? ''}`;
}

/** `net-` + 12 hex digits of the SHA-256 of the sorted member keys, one a line. */
export function networkId(memberKeys: readonly string[]): string {
  const text = [...memberKeys].sort(compare).join('\n');
  return `net-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}

/**
 * Louvain at `resolution`; a community still larger than 10 x splitAbove (a giant component of weakly bridged
 * groups that a low resolution keeps together) is split again at twice the resolution, up to 2.4.
 */
function splitDeep(graph: UndirectedGraph, nodes: readonly string[], options: NetworkOptions, resolution: number): string[][] {
  const parts = splitComponent(graph, nodes, options.minModularity, resolution);
  if (parts.length < 2 || resolution * 2 > 2.4) return parts;
  return parts.flatMap((part) => (part.length > options.splitAbove * 10 ? splitDeep(graph, part, options, resolution * 2) : [part]));
}

/** Louvain on the component (weighted, seeded): its communities, or the whole component when the partition is weak. */
function splitComponent(graph: UndirectedGraph, component: readonly string[], minModularity: number, resolution: number): string[][] {
  const sub = new UndirectedGraph({ allowSelfLoops: false });
  const nodes = [...component].sort(compare);
  const inPart = new Set(nodes);
  for (const node of nodes) sub.addNode(node);
  for (const node of nodes) {
    const edges = graph
      .edges(node)
      .map((edge: string) => [graph.opposite(node, edge), graph.getEdgeAttribute(edge, 'weight') as number] as const)
      .filter(([other]) => compare(node, other) < 0 && inPart.has(other))
      .sort((a, b) => compare(a[0], b[0]));
    for (const [other, weight] of edges) sub.addUndirectedEdge(node, other, { weight });
  }
  const result = louvain.detailed(sub, { getEdgeWeight: 'weight', rng: mulberry32(0x5eed), randomWalk: false, resolution });
  if (result.count < 2 || result.modularity < minModularity) return [nodes];
  const byCommunity = new Map<number, string[]>();
  for (const node of nodes) {
    const community = result.communities[node] as number;
    let list = byCommunity.get(community);
    if (!list) byCommunity.set(community, (list = []));
    list.push(node);
  }
  return [...byCommunity.values()];
}

function describe(group: readonly string[], ties: Iterable<Identifier>, members: ReadonlyMap<string, NetworkMember>): Network {
  const inGroup = new Set(group);
  const evidence: (NetworkEvidence & { strength: number })[] = [];
  let total = 0;
  for (const identifier of ties) {
    const weights: number[] = [];
    for (const [mKey, weight] of identifier.links) if (inGroup.has(mKey)) weights.push(weight);
    if (weights.length < 2) continue;
    const strength = weights.reduce((s, w) => s + w, 0) - Math.max(...weights);
    total += strength;
    evidence.push({ kind: identifier.kind, key: identifier.key, members: weights.length, strength });
  }
  evidence.sort((a, b) => b.strength - a.strength || compare(a.kind, b.kind) || compare(a.key, b.key));
  return {
    id: networkId(group),
    size: group.length,
    score: Math.round((total / group.length) * 1000) / 1000,
    members: group.map((k) => members.get(k) as NetworkMember),
    evidence: evidence.map(({ kind, key, members: count }) => ({ kind, key, members: count })),
  };
}

/** Code-unit order (locale-independent, so ids and order are the same on every machine). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
