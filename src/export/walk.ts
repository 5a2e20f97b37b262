import type { ManagedTransaction } from 'neo4j-driver';
import type { LandingRef } from '../api/refs.js';
import { LandingGraphError } from '../errors.js';
import { runNamed } from '../store/executor.js';
import { walkScope } from '../store/scope.js';

/** The nodes within the depth: element ids (valid inside the reading transaction) and counts by hop. */
export interface Walk {
  elementIds: string[];
  nodesByHop: number[];
  edgeCount: number;
}

export interface WalkLimits {
  depth: number;
  maxNodes: number;
  maxEdges: number;
  /** ISO date-time: walk the graph as it was then; null: the current state. */
  asOf: string | null;
}

/**
 * The nodes of `<seeds> --depth N` for an export (src/store/scope.ts, docs/scope.md): the ball's records, the
 * records a crawl of the seeds to that depth fetches, plus what they state (the nodes one outgoing `stated`
 * relationship away: the stubs one hop past the ball, pivots), each hop returning at most the rest of the node
 * budget plus one; then the relationships among them counted. Only relationships of the state asked
 * for count: the current ones (no `removedAt`), or those that existed at `limits.asOf`, between nodes first seen
 * by then. Only element ids travel: nothing is materialized before both budgets are known to hold.
 * Unknown seeds are a SEED_INVALID error naming them; a budget exceeded is EXPORT_TOO_LARGE.
 */
export async function walkSubgraph(tx: ManagedTransaction, seeds: readonly LandingRef[], limits: WalkLimits): Promise<Walk> {
  const scope = await walkScope(tx, seeds, {
    depth: limits.depth,
    state: limits.asOf === null ? 'current' : { asOf: limits.asOf },
    stated: true,
    maxNodes: limits.maxNodes,
  });
  const { elementIds, nodesByHop, exceededAtHop: hop } = scope;
  if (hop === 0) throw tooLarge(`the ${elementIds.length} seeds alone exceed --max-nodes ${limits.maxNodes}`, 'raise --max-nodes');
  if (hop !== undefined) throw tooManyNodes(limits, nodesByHop, hop);
  const [row] = await runNamed(tx, 'export/count-edges', { ids: elementIds, asOf: limits.asOf });
  const edgeCount = Number(row?.edges ?? 0);
  if (edgeCount > limits.maxEdges) {
    throw tooLarge(
      `${edgeCount} relationships among the ${elementIds.length} nodes within ${limits.depth} hops of the seeds exceed --max-edges ${limits.maxEdges} (${countsText(nodesByHop)})`,
      limits.depth > 0 ? 'lower --depth or raise --max-edges' : 'raise --max-edges',
    );
  }
  return { elementIds, nodesByHop, edgeCount };
}

/**
 * The node budget passed at `hop` (1 or more): what fitted before it, by hop, and by how much the hop passed the
 * rest. Depth d reads the nodes up to hop d + 1 (what the records found state: the stubs one hop further, pivots),
 * so hop h first fits at depth h - 2.
 */
export function tooManyNodes(
  limits: Pick<WalkLimits, 'depth' | 'maxNodes'>,
  nodesByHop: readonly number[],
  hop: number,
): LandingGraphError {
  const before = nodesByHop.slice(0, hop);
  const fitted = before.reduce((sum, n) => sum + n, 0);
  const stated = hop === limits.depth + 1 ? ', what the records found state (stubs one hop further, and pivots)' : '';
  // A walk that ran out of records before the depth (a hop of none) reads the same at a lower depth.
  const ranOut = before.slice(1).some((n) => n === 0);
  return tooLarge(
    `more than ${limits.maxNodes} nodes (--max-nodes ${limits.maxNodes}) within ${limits.depth} hops of the seeds and what they state: ` +
      `${fitted} up to hop ${hop - 1} (${countsText(before)}), and more than ${limits.maxNodes - fitted} at hop ${hop}${stated}`,
    hop > 1 && limits.depth > 0 && !ranOut
      ? `lower --depth to ${Math.min(hop - 2, limits.depth - 1)} or raise --max-nodes`
      : 'raise --max-nodes',
  );
}

function countsText(nodesByHop: readonly number[]): string {
  return `nodes by hop: ${nodesByHop.join(', ')}`;
}

function tooLarge(what: string, how: string): LandingGraphError {
  return new LandingGraphError('EXPORT_TOO_LARGE', `the export is too large: ${what}; ${how}`);
}
