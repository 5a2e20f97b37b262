import type { SandboxGraph, SkeletonNode } from '../graph-types.js';
import { rngFor, type Rng } from '../prng.js';
import { ACTIVITIES } from './vocab-records.js';

/** What a block builder sees: the graph, the node, its owner, and a generator per block. */
export interface RecordContext {
  graph: SandboxGraph;
  node: SkeletonNode;
  /** The owning company (domains) or the company itself (companies). */
  owner: SkeletonNode | undefined;
  activity: (typeof ACTIVITIES)[number];
  /** A generator for one block: same (seed, id, salt) -> same values. */
  rng(salt: string): Rng;
  /** A value computed once per record and shared by its blocks (e.g. the finance lines). */
  memo<T>(key: string, compute: () => T): T;
}

export function contextFor(graph: SandboxGraph, node: SkeletonNode): RecordContext {
  const memos = new Map<string, unknown>();
  const ownerNode = node.kind === 'company' ? node : node.owner === undefined ? undefined : graph.node(node.owner);
  return {
    graph,
    node,
    owner: ownerNode?.kind === 'company' ? ownerNode : undefined,
    activity: ACTIVITIES[(node.category ?? 0) % ACTIVITIES.length] ?? (ACTIVITIES[0] as (typeof ACTIVITIES)[number]),
    rng: (salt) => rngFor(graph.seed, node.id, salt),
    memo<T>(key: string, compute: () => T): T {
      if (!memos.has(key)) memos.set(key, compute());
      return memos.get(key) as T;
    },
  };
}

/** A block builder: returns the block (U blocks include updateDate and updateDateString). */
export type BlockBuilder = (ctx: RecordContext) => Record<string, unknown>;
