import {
  LANDING_KINDS,
  LISTS_OF_KIND,
  RELATION_LISTS,
  isLandingKind,
  type LandingKind,
  type NodeKind,
  type RelationField,
} from '../api/kinds.js';
import type { RecordPatch, SandboxGraph, SkeletonNode } from './graph-types.js';
import { lookupKey } from './keys.js';

const FIELDS: readonly RelationField[] = RELATION_LISTS.map((l) => l.field);
const FIELD_COUNT = FIELDS.length;
const FIELD_INDEX = new Map<RelationField, number>(FIELDS.map((f, i) => [f, i]));

/** The related* list that holds entries of a kind. */
export const RELATED_FIELD_OF: Record<NodeKind, RelationField> = {
  domain: 'relatedDomains',
  company: 'relatedCompanies',
  email: 'relatedEmails',
  phone: 'relatedPhones',
  branch: 'relatedBranches',
};

const EMPTY = new Int32Array(0);

/** Index of the node with `id`: nodes with ids 1..n sit at id - 1, the others are in `sparse`. */
function indexOf(nodes: readonly SkeletonNode[], sparse: ReadonlyMap<number, number>, id: number): number | undefined {
  if (id >= 1 && id <= nodes.length && nodes[id - 1]?.id === id) return id - 1;
  return sparse.get(id);
}

/** A growable Int32Array (edge lists of a 100,000-record graph stay a few MB). */
class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
}

export interface GraphMeta {
  seed: number;
  danglingIds?: readonly number[];
  hubIds?: readonly number[];
  specials?: boolean;
  patches?: ReadonlyMap<number, RecordPatch>;
}

/**
 * Collects nodes and list entries, then freezes them into a compact SandboxGraph: one CSR array per graph
 * (offsets by node index and field, targets as ids), list order = insertion order, duplicates in a list
 * dropped unless the node has keepDuplicates.
 */
export class GraphAssembler {
  private readonly nodes: SkeletonNode[] = [];
  private readonly sparse = new Map<number, number>();
  private readonly from = new IntList();
  private readonly field = new IntList();
  private readonly to = new IntList();

  /** `dense` holds the nodes with ids 1..n at index id - 1 (the generator's main block). */
  constructor(dense: readonly SkeletonNode[] = []) {
    dense.forEach((node, i) => {
      if (node.id !== i + 1) throw new Error(`dense node at index ${i} has id ${node.id}`);
      this.nodes.push(node);
    });
  }

  addNode(node: SkeletonNode): void {
    if (this.indexOf(node.id) !== undefined) throw new Error(`duplicate node id ${node.id}`);
    if (node.id === this.nodes.length + 1 && this.sparse.size === 0) this.nodes.push(node);
    else {
      this.sparse.set(node.id, this.nodes.length);
      this.nodes.push(node);
    }
  }

  node(id: number): SkeletonNode | undefined {
    const index = this.indexOf(id);
    return index === undefined ? undefined : this.nodes[index];
  }

  /** One list entry: `to` is listed in `field` of `from` (to need not exist: dangling). */
  edge(from: number, field: RelationField, to: number): void {
    const index = this.indexOf(from);
    const node = index === undefined ? undefined : this.nodes[index];
    if (index === undefined || !node) throw new Error(`edge from unknown node ${from}`);
    if (node.kind === 'branch' || !LISTS_OF_KIND[node.kind].includes(field)) throw new Error(`${node.kind} ${from} has no list ${field}`);
    this.from.push(index);
    this.field.push(FIELD_INDEX.get(field) ?? 0);
    this.to.push(to);
  }

  /** `a` lists `b` in the related list of b's kind, and (unless oneWay) b lists a. */
  relate(a: number, b: number, oneWay = false): void {
    const kindA = this.node(a)?.kind;
    const kindB = this.node(b)?.kind;
    if (!kindA || !kindB) throw new Error(`relate: unknown node ${kindA ? b : a}`);
    this.edge(a, RELATED_FIELD_OF[kindB], b);
    if (!oneWay && kindB !== 'branch') this.edge(b, RELATED_FIELD_OF[kindA], a);
  }

  finish(meta: GraphMeta): SandboxGraph {
    const { offsets, targets } = this.buildLists();
    return new StoredGraph(meta, this.nodes, this.sparse, offsets, targets);
  }

  private indexOf(id: number): number | undefined {
    return indexOf(this.nodes, this.sparse, id);
  }

  /** Stable counting sort of the entries by (node, field), then duplicate removal per list. */
  private buildLists(): { offsets: Uint32Array; targets: Int32Array } {
    const slots = this.nodes.length * FIELD_COUNT;
    const count = new Uint32Array(slots + 1);
    const n = this.from.length;
    const from = this.from.data;
    const field = this.field.data;
    const to = this.to.data;
    for (let i = 0; i < n; i++) count[(from[i] as number) * FIELD_COUNT + (field[i] as number) + 1]! += 1;
    for (let s = 0; s < slots; s++) count[s + 1]! += count[s] as number;
    const sorted = new Int32Array(n);
    const cursor = count.slice(0, slots);
    for (let i = 0; i < n; i++) {
      const slot = (from[i] as number) * FIELD_COUNT + (field[i] as number);
      sorted[cursor[slot]!++] = to[i] as number;
    }
    const offsets = new Uint32Array(slots + 1);
    const targets = new Int32Array(n);
    let written = 0;
    const seen = new Set<number>();
    for (let s = 0; s < slots; s++) {
      const start = count[s] as number;
      const end = count[s + 1] as number;
      const keep = end - start > 1 && this.nodes[Math.floor(s / FIELD_COUNT)]?.keepDuplicates === true;
      seen.clear();
      for (let i = start; i < end; i++) {
        const target = sorted[i] as number;
        if (!keep && end - start > 1) {
          if (seen.has(target)) continue;
          seen.add(target);
        }
        targets[written++] = target;
      }
      offsets[s + 1] = written;
    }
    return { offsets, targets: targets.slice(0, written) };
  }
}

class StoredGraph implements SandboxGraph {
  readonly seed: number;
  readonly recordCount: number;
  readonly nodeCount: number;
  readonly danglingIds: readonly number[];
  readonly hubIds: readonly number[];
  readonly specials: boolean;
  private readonly patches: ReadonlyMap<number, RecordPatch>;
  private readonly byKind = new Map<NodeKind | 'all', number[]>();
  private readonly keys = new Map<LandingKind, Map<string, number>>();

  constructor(
    meta: GraphMeta,
    private readonly nodes: readonly SkeletonNode[],
    private readonly sparse: ReadonlyMap<number, number>,
    private readonly offsets: Uint32Array,
    private readonly targets: Int32Array,
  ) {
    this.seed = meta.seed;
    this.danglingIds = [...(meta.danglingIds ?? [])].sort((a, b) => a - b);
    this.hubIds = meta.hubIds ?? [];
    this.specials = meta.specials ?? false;
    this.patches = meta.patches ?? new Map();
    for (const kind of LANDING_KINDS) this.keys.set(kind, new Map());
    const all: number[] = [];
    for (const node of nodes) {
      all.push(node.id);
      let ofKind = this.byKind.get(node.kind);
      if (!ofKind) this.byKind.set(node.kind, (ofKind = []));
      ofKind.push(node.id);
      if (isLandingKind(node.kind)) {
        const keys = this.keys.get(node.kind);
        if (node.key !== undefined) keys?.set(node.key, node.id);
        if (node.ogrn !== undefined) keys?.set(node.ogrn, node.id);
      }
    }
    for (const list of this.byKind.values()) list.sort((a, b) => a - b);
    this.byKind.set(
      'all',
      all.sort((a, b) => a - b),
    );
    this.nodeCount = nodes.length;
    this.recordCount = nodes.length - (this.byKind.get('branch')?.length ?? 0);
  }

  node(id: number): SkeletonNode | undefined {
    const index = this.indexOf(id);
    return index === undefined ? undefined : this.nodes[index];
  }

  kindOf(id: number): NodeKind | undefined {
    return this.node(id)?.kind;
  }

  lookup(kind: LandingKind, key: string): number | undefined {
    const normal = lookupKey(kind, key);
    return normal === undefined ? undefined : this.keys.get(kind)?.get(normal);
  }

  list(id: number, field: RelationField): ArrayLike<number> {
    const index = this.indexOf(id);
    const f = FIELD_INDEX.get(field);
    if (index === undefined || f === undefined) return EMPTY;
    const slot = index * FIELD_COUNT + f;
    return this.targets.subarray(this.offsets[slot], this.offsets[slot + 1]);
  }

  ids(kind?: NodeKind): readonly number[] {
    return this.byKind.get(kind ?? 'all') ?? [];
  }

  patch(id: number): RecordPatch | undefined {
    return this.patches.get(id);
  }

  private indexOf(id: number): number | undefined {
    return indexOf(this.nodes, this.sparse, id);
  }
}
