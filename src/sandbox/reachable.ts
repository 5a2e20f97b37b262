import {
  LISTS_OF_KIND,
  RELATION_LISTS,
  isLandingKind,
  relationList,
  type LandingKind,
  type NodeKind,
  type RelationField,
} from '../api/kinds.js';
import type { SandboxGraph } from './graph-types.js';

export interface NodeRef {
  kind: NodeKind;
  id: number;
}

/** One list entry as served: `fromId` lists `toId` in `field` (duplicates within one list collapsed). */
export interface GroundTruthEdge {
  fromKind: LandingKind;
  fromId: number;
  toKind: NodeKind;
  toId: number;
  field: RelationField;
}

/** What the graph needs to offer for edgesOf and reachable (a hand-written object will do in tests). */
export type ListSource = Pick<SandboxGraph, 'kindOf' | 'list'>;

/** The edges a served record of `kind` writes: every entry of each of its lists, once per list. */
export function edgesOf(graph: ListSource, kind: LandingKind, id: number): GroundTruthEdge[] {
  const edges: GroundTruthEdge[] = [];
  for (const field of LISTS_OF_KIND[kind]) {
    const toKind = relationList(field).target;
    for (const toId of new Set(Array.from(graph.list(id, field)))) edges.push({ fromKind: kind, fromId: id, toKind, toId, field });
  }
  return edges;
}

export interface Reachable {
  /** Records a breadth-first crawl fetches: distance <= depth over the followed lists; depth = distance. */
  fetched: (NodeRef & { depth: number })[];
  /** Entities at distance depth + 1 over the followed lists (listed, not fetched), dangling ids included. */
  frontier: NodeRef[];
  /** Every entity listed by a fetched record that is not fetched itself: frontier, branches, entries of lists not followed, dangling ids. */
  stubs: NodeRef[];
  /** Seeds and entries within depth that the service answers 404 for (dangling ids, a seed of the wrong kind). */
  notFound: NodeRef[];
  /** All list entries of all fetched records (edgesOf each), by fetched record (kind, id), then list order. */
  edges: GroundTruthEdge[];
}

const ALL_FIELDS: readonly RelationField[] = RELATION_LISTS.map((l) => l.field);
const refKey = (kind: NodeKind, id: number): string => `${kind}:${id}`;
const byKindThenId = (a: NodeRef, b: NodeRef): number => (a.kind === b.kind ? a.id - b.id : a.kind < b.kind ? -1 : 1);

/**
 * Breadth-first reach from `seeds` (depth 0) to `depth` hops, following only `followFields` (default: all
 * lists). What a correct crawl with these settings fetches and writes; the crawler's tests compare with it.
 */
export function reachable(
  graph: ListSource,
  seeds: readonly NodeRef[],
  depth: number,
  followFields: readonly RelationField[] = ALL_FIELDS,
): Reachable {
  const follow = new Set(followFields);
  const seen = new Set<string>();
  const fetched: (NodeRef & { depth: number })[] = [];
  const frontier: NodeRef[] = [];
  const notFound: NodeRef[] = [];
  let level: NodeRef[] = [];
  for (const seed of seeds) {
    if (seen.has(refKey(seed.kind, seed.id))) continue;
    seen.add(refKey(seed.kind, seed.id));
    if (isLandingKind(seed.kind) && graph.kindOf(seed.id) === seed.kind) level.push(seed);
    else notFound.push({ kind: seed.kind, id: seed.id });
  }
  for (let d = 0; level.length > 0; d++) {
    const next: NodeRef[] = [];
    for (const ref of level) {
      fetched.push({ ...ref, depth: d });
      for (const field of LISTS_OF_KIND[ref.kind as LandingKind]) {
        if (!follow.has(field)) continue;
        const toKind = relationList(field).target;
        if (!isLandingKind(toKind)) continue;
        for (const toId of Array.from(graph.list(ref.id, field))) {
          const key = refKey(toKind, toId);
          if (seen.has(key)) continue;
          seen.add(key);
          if (d + 1 > depth) frontier.push({ kind: toKind, id: toId });
          else if (graph.kindOf(toId) === toKind) next.push({ kind: toKind, id: toId });
          else notFound.push({ kind: toKind, id: toId });
        }
      }
    }
    level = d + 1 > depth ? [] : next;
  }
  fetched.sort(byKindThenId);
  const fetchedKeys = new Set(fetched.map((r) => refKey(r.kind, r.id)));
  const edges = fetched.flatMap((r) => edgesOf(graph, r.kind as LandingKind, r.id));
  const stubKeys = new Map<string, NodeRef>();
  for (const e of edges) {
    const key = refKey(e.toKind, e.toId);
    if (!fetchedKeys.has(key)) stubKeys.set(key, { kind: e.toKind, id: e.toId });
  }
  return {
    fetched,
    frontier: frontier.sort(byKindThenId),
    stubs: [...stubKeys.values()].sort(byKindThenId),
    notFound: notFound.sort(byKindThenId),
    edges,
  };
}
