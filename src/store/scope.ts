import type { ManagedTransaction } from 'neo4j-driver';
import { LANDING_KINDS } from '../api/kinds.js';
import { type LandingRef, refToString } from '../api/refs.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import { runNamed } from './executor.js';

/**
 * The one walker of `<seeds> --depth N` (docs/scope.md), for networks, flags, changes and export: the ball a crawl
 * of the seeds to depth N fetches. Find the seeds (cypher/scope/resolve-seeds.cypher), then walk level by level
 * over the records' OUTGOING lists, RELATED, SIMILAR and COMPETITOR (cypher/scope/lists.cypher, one statement per
 * hop; the `lists` group of src/graph/relationship-groups.ts): the records a record lists are one hop further,
 * as the crawl queues them (of the kinds it fetches: not branches). Records only: identifiers are no hop. With `stated` (the export), then what the ball's
 * records state, one OUTGOING `stated` relationship away (cypher/scope/stated.cypher). Only element ids travel,
 * valid inside the caller's read transaction.
 */
export interface ScopeOptions {
  /** List hops from the seeds; 0: the seeds alone. */
  depth: number;
  /**
   * Which relationships count: 'current' (no `removedAt`), 'ever' (removed ones too: a change report, where a
   * record dropped from a list is still in scope), or an ISO date-time: those that existed then, to nodes first
   * seen by then (unknown seeds: those first seen later). Default 'current'.
   */
  state?: 'current' | 'ever' | { asOf: string };
  /**
   * Add what the ball's records state (the export): the Landing and Pivot nodes one outgoing `stated` relationship
   * away (the stubs one hop past the ball, the companies, contacts, officers, addresses, IPs … they name), counted
   * as hop depth + 1. Default false: the ball's records only.
   */
  stated?: boolean;
  /** Stop once more than this many nodes are found (the walk then ends with `exceededAtHop`). Default: no limit. */
  maxNodes?: number;
}

export interface Scope {
  /** The seeds' nodes first, then each hop's, each once (with `stated`, what the records state last). */
  elementIds: string[];
  /** How many of `elementIds` (the first ones) are the ball's records. */
  records: number;
  /** Nodes found per hop (hop 0: the seeds; with `stated`, hop depth + 1: what the records state). */
  nodesByHop: number[];
  /** The hop at which more than `maxNodes` were found; the walk stopped there. */
  exceededAtHop?: number;
}

/** Walk from the seeds. Seeds the graph lacks are one SEED_INVALID error naming them all. */
export async function walkScope(tx: ManagedTransaction, seeds: readonly LandingRef[], options: ScopeOptions): Promise<Scope> {
  const asOf = typeof options.state === 'object' ? options.state.asOf : null;
  const seen = new Set(await resolveSeeds(tx, seeds, asOf));
  const nodesByHop = [seen.size];
  const maxNodes = options.maxNodes ?? Number.MAX_SAFE_INTEGER;
  const done = (exceededAtHop?: number, records = seen.size): Scope => ({
    elementIds: [...seen],
    records,
    nodesByHop,
    ...(exceededAtHop === undefined ? {} : { exceededAtHop }),
  });
  if (seen.size > maxNodes) return done(0);
  const params = { removed: options.state === 'ever', asOf };
  const step = async (statement: 'scope/lists' | 'scope/stated', frontier: readonly string[]) => {
    const before = seen.size;
    const rows = await runNamed(tx, statement, {
      ...params,
      kinds: LANDING_KINDS,
      frontier,
      seen: [...seen],
      limit: maxNodes - seen.size + 1,
    });
    const found = rows.map((r) => String(r.element)).filter((e) => !seen.has(e));
    for (const e of found) seen.add(e);
    nodesByHop.push(seen.size - before);
    return found;
  };
  let frontier = [...seen];
  for (let hop = 1; hop <= options.depth && frontier.length > 0; hop++) {
    frontier = await step('scope/lists', frontier);
    if (seen.size > maxNodes) return done(hop);
  }
  const records = seen.size;
  if (!options.stated) return done(undefined, records);
  // A walk that ran out of records before `depth` still reports every hop (zeros), then the stated one.
  while (nodesByHop.length <= options.depth) nodesByHop.push(0);
  await step('scope/stated', [...seen]);
  return done(seen.size > maxNodes ? options.depth + 1 : undefined, records);
}

/** Element ids of the seeds' nodes, each once; seeds the graph lacks (as of `asOf`: first seen later) are one error. */
async function resolveSeeds(tx: ManagedTransaction, seeds: readonly LandingRef[], asOf: string | null): Promise<string[]> {
  const params = seeds.map((s) => ({ ref: refToString(s), kind: s.kind, id: s.id ?? null, key: s.key ?? null }));
  const rows = await runNamed(tx, 'scope/resolve-seeds', { seeds: params, asOf });
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

/** The statements a walk runs, in order (provenance lists). */
export const SCOPE_STATEMENTS = ['scope/resolve-seeds', 'scope/lists'] as const;
