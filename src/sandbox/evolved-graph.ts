import { RELATION_LISTS, isLandingKind, type LandingKind, type NodeKind, type RelationField } from '../api/kinds.js';
import type { EvolveChange } from './evolve-change.js';
import type { RecordPatch, SandboxGraph, SkeletonNode } from './graph-types.js';
import { lookupKey } from './keys.js';
import { SPECIAL_ID_BASE } from './specials.js';

/**
 * A later state of a sandbox world: a SandboxGraph that answers from the graph it was evolved from
 * (`previous`, left unchanged) except where this generation overrides it (skeleton nodes, lists, 404s,
 * body patches, new records). Built by evolveGraph (evolve.ts); evolving an EvolvedGraph again stacks
 * another layer.
 *
 * A record that is gone answers 404: `kindOf`, `lookup` and `ids` leave it out, so the router, reachable
 * and groundTruth treat it like a dangling id. `node` still answers for it, so the records that list it
 * keep showing its real header (a dangling id has no node). `danglingIds` stays the generated ones (ids
 * that never had a record); gone records are in `goneIds`.
 */
export interface EvolvedGraph extends SandboxGraph {
  /** 1 for a graph evolved from a generated one, previous.generation + 1 after that. */
  readonly generation: number;
  /** The world this one was evolved from. */
  readonly previous: SandboxGraph;
  /** What this generation changed, in the order applied, every value resolved (replayable with evolveGraph). */
  readonly changes: readonly EvolveChange[];
  /** Records answering 404 in this world that answered in an earlier one, ascending. */
  readonly goneIds: readonly number[];
  /** Records added by this generation (ascending). */
  readonly newIds: readonly number[];
  /** Highest page number in use below the specials: nodes (gone ones included), dangling ids, new records. */
  readonly maxId: number;
}

/** The generation of a world: 0 for a generated (or hand-built) graph. */
export function generationOf(graph: SandboxGraph): number {
  return isEvolved(graph) ? graph.generation : 0;
}

/** Records gone in `graph` (404 now, served in an earlier generation); none for a generated graph. */
export function goneIdsOf(graph: SandboxGraph): readonly number[] {
  return isEvolved(graph) ? graph.goneIds : [];
}

export function isEvolved(graph: SandboxGraph): graph is EvolvedGraph {
  return typeof (graph as Partial<EvolvedGraph>).generation === 'number' && (graph as Partial<EvolvedGraph>).previous !== undefined;
}

/** Highest page number in use below the specials (see EvolvedGraph.maxId). */
export function maxIdOf(graph: SandboxGraph): number {
  if (isEvolved(graph)) return graph.maxId;
  let max = 0;
  const ids = graph.ids();
  for (let i = ids.length - 1; i >= 0; i--) {
    const id = ids[i] as number;
    if (id < SPECIAL_ID_BASE) {
      max = id;
      break;
    }
  }
  for (const id of graph.danglingIds) if (id < SPECIAL_ID_BASE && id > max) max = id;
  return max;
}

const FIELD_INDEX = new Map<RelationField, number>(RELATION_LISTS.map((l, i) => [l.field, i]));
/** Key of one list in the override map: id * 16 + field index (9 fields). */
export function listSlot(id: number, field: RelationField): number {
  return id * 16 + (FIELD_INDEX.get(field) ?? 0);
}

/** What one generation overrides; filled by evolve.ts, then frozen into an EvolvedWorld. */
export interface Overrides {
  /** Replaced skeleton nodes (retitled, other shared-identifier groups) and new nodes. */
  nodes: Map<number, SkeletonNode>;
  /** Ids of the new nodes (a subset of `nodes`). */
  newIds: Set<number>;
  /** Replaced lists, by listSlot. */
  lists: Map<number, number[]>;
  /** Records that answer 404 from this generation on. */
  gone: Set<number>;
  /** Records gone in `previous` that answer again. */
  back: Set<number>;
  /** Body patches applied after the previous generation's (setField). */
  patches: Map<number, RecordPatch[]>;
}

export function emptyOverrides(): Overrides {
  return { nodes: new Map(), newIds: new Set(), lists: new Map(), gone: new Set(), back: new Set(), patches: new Map() };
}

/** The SandboxGraph of one generation: `previous` plus the overrides. */
export class EvolvedWorld implements EvolvedGraph {
  readonly seed: number;
  readonly danglingIds: readonly number[];
  readonly hubIds: readonly number[];
  readonly specials: boolean;
  readonly goneIds: readonly number[];
  readonly newIds: readonly number[];
  readonly maxId: number;
  readonly recordCount: number;
  readonly nodeCount: number;
  private readonly lists: Map<number, Int32Array>;
  private readonly keys = new Map<LandingKind, Map<string, number>>();
  private readonly byKind = new Map<NodeKind | 'all', readonly number[]>();

  constructor(
    readonly previous: SandboxGraph,
    readonly generation: number,
    readonly changes: readonly EvolveChange[],
    private readonly o: Overrides,
  ) {
    this.seed = previous.seed;
    this.danglingIds = previous.danglingIds;
    this.hubIds = previous.hubIds;
    this.specials = previous.specials;
    this.lists = new Map([...o.lists].map(([slot, list]) => [slot, Int32Array.from(list)]));
    const gone = new Set(goneIdsOf(previous));
    for (const id of o.back) gone.delete(id);
    for (const id of o.gone) gone.add(id);
    this.goneIds = [...gone].sort((a, b) => a - b);
    this.newIds = [...o.newIds].sort((a, b) => a - b);
    this.maxId = Math.max(maxIdOf(previous), ...this.newIds);
    // Keys of the records this generation makes answer (new and back); gone ones are refused in lookup.
    for (const id of [...o.newIds, ...o.back]) {
      const node = this.node(id);
      if (!node || !isLandingKind(node.kind)) continue;
      let keys = this.keys.get(node.kind);
      if (!keys) this.keys.set(node.kind, (keys = new Map()));
      if (node.key !== undefined) keys.set(node.key, id);
      if (node.ogrn !== undefined) keys.set(node.ogrn, id);
    }
    const all = this.ids();
    this.nodeCount = all.length;
    this.recordCount = all.length - this.ids('branch').length;
  }

  node(id: number): SkeletonNode | undefined {
    return this.o.nodes.get(id) ?? this.previous.node(id);
  }

  kindOf(id: number): NodeKind | undefined {
    if (this.o.gone.has(id)) return undefined;
    if (this.o.newIds.has(id) || this.o.back.has(id)) return this.node(id)?.kind;
    return this.previous.kindOf(id);
  }

  lookup(kind: LandingKind, key: string): number | undefined {
    const normal = lookupKey(kind, key);
    if (normal === undefined) return undefined;
    const own = this.keys.get(kind)?.get(normal);
    if (own !== undefined) return own;
    const id = this.previous.lookup(kind, normal);
    return id === undefined || this.o.gone.has(id) ? undefined : id;
  }

  list(id: number, field: RelationField): ArrayLike<number> {
    return this.lists.get(listSlot(id, field)) ?? this.previous.list(id, field);
  }

  ids(kind?: NodeKind): readonly number[] {
    const cached = this.byKind.get(kind ?? 'all');
    if (cached) return cached;
    const ofKind = (id: number): boolean => kind === undefined || this.node(id)?.kind === kind;
    const added = [...this.o.newIds, ...this.o.back].filter(ofKind);
    let ids = this.previous.ids(kind).filter((id) => !this.o.gone.has(id));
    if (added.length > 0) ids = [...ids, ...added].sort((a, b) => a - b);
    this.byKind.set(kind ?? 'all', ids);
    return ids;
  }

  patch(id: number): RecordPatch | undefined {
    const earlier = this.previous.patch(id);
    const own = this.o.patches.get(id);
    if (!own) return earlier;
    return (record) => {
      earlier?.(record);
      for (const patch of own) patch(record);
    };
  }
}
