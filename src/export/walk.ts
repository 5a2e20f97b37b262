import type { ManagedTransaction } from 'neo4j-driver';
import type { LandingRef } from '../api/refs.js';
import { refToString } from '../api/refs.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import { runNamed } from '../store/executor.js';

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
 * Find the seeds, then walk level by level (cypher/export/neighbours.cypher: one statement per hop, each
 * returning at most the rest of the node budget plus one), then count the relationships among the nodes.
 * Only relationships of the state asked for count: the current ones (no `removedAt`), or those that
 * existed at `limits.asOf`, between nodes first seen by then.
 * Only element ids travel: nothing is materialized before both budgets are known to hold.
 * Unknown seeds are a SEED_INVALID error naming them; a budget exceeded is EXPORT_TOO_LARGE.
 */
export async function walkSubgraph(tx: ManagedTransaction, seeds: readonly LandingRef[], limits: WalkLimits): Promise<Walk> {
  const start = await resolveSeeds(tx, seeds, limits.asOf);
  const seen = new Set(start);
  const nodesByHop = [seen.size];
  if (seen.size > limits.maxNodes)
    throw tooLarge(`the ${seen.size} seeds alone exceed --max-nodes ${limits.maxNodes}`, 'raise --max-nodes');
  let frontier = [...seen];
  for (let hop = 1; hop <= limits.depth && frontier.length > 0; hop++) {
    const remaining = limits.maxNodes - seen.size;
    const rows = await runNamed(tx, 'export/neighbours', { frontier, seen: [...seen], limit: remaining + 1, asOf: limits.asOf });
    if (rows.length > remaining) {
      throw tooLarge(
        `more than ${limits.maxNodes} nodes (--max-nodes ${limits.maxNodes}) within ${limits.depth} hops of the seeds, already at hop ${hop} (${countsText(nodesByHop)})`,
        hop > 1 ? `lower --depth to ${hop - 1} or raise --max-nodes` : 'raise --max-nodes',
      );
    }
    frontier = rows.map((r) => String(r.element));
    for (const id of frontier) seen.add(id);
    nodesByHop.push(frontier.length);
  }
  const elementIds = [...seen];
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
 * Element ids of the seeds' nodes, each once; seeds the graph lacks (as of `asOf`: first seen later) are
 * one error that names them all.
 */
async function resolveSeeds(tx: ManagedTransaction, seeds: readonly LandingRef[], asOf: string | null): Promise<string[]> {
  const params = seeds.map((s) => ({ ref: refToString(s), kind: s.kind, id: s.id ?? null, key: s.key ?? null }));
  const rows = await runNamed(tx, 'export/resolve-seeds', { seeds: params, asOf });
  const missing = rows.filter((r) => r.element === null || r.element === undefined).map((r) => String(r.ref));
  if (missing.length > 0) {
    const names = missing.map((m) => quoteValue(m)).join(', ');
    const hint =
      asOf === null
        ? `crawl ${missing.length === 1 ? 'it' : 'them'} first, or check the kind and key`
        : 'first seen later, or check the kind and key';
    throw new LandingGraphError('SEED_INVALID', `not in the graph${asOf === null ? '' : ` as of ${asOf}`}: ${names} (${hint})`, {
      details: { missing },
    });
  }
  return [...new Set(rows.map((r) => String(r.element)))];
}

function countsText(nodesByHop: readonly number[]): string {
  return `nodes by hop: ${nodesByHop.join(', ')}`;
}

function tooLarge(what: string, how: string): LandingGraphError {
  return new LandingGraphError('EXPORT_TOO_LARGE', `the export is too large: ${what}; ${how}`);
}
