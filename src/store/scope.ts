import type { ManagedTransaction } from 'neo4j-driver';
import { type LandingRef, refToString } from '../api/refs.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import { RELATIONSHIP_GROUPS, type RelationshipGroup } from '../graph/relationship-groups.js';
import { runNamed } from './executor.js';

/**
 * The one walker for "the records within N of these seeds" (changes, networks and export): find the seeds
 * (cypher/scope/resolve-seeds.cypher), then walk level by level (cypher/scope/neighbours.cypher, one statement
 * per hop). Only element ids travel, valid inside the caller's read transaction.
 */
export interface ScopeOptions {
  /** Hops from the seeds. */
  depth: number;
  /** The relationships walked: a group of src/graph/relationship-groups.ts. Default: every relationship. */
  over?: RelationshipGroup;
  /**
   * Which relationships count: 'current' (no `removedAt`), 'ever' (removed ones too: a change report), or an
   * ISO date-time: those that existed then, to nodes first seen by then (unknown seeds: those first seen later).
   * Default 'current'.
   */
  state?: 'current' | 'ever' | { asOf: string };
  /** Do not enter a node tied to more than this many records over `over` (a hub). Needs `over`. Default: no limit. */
  maxShared?: number;
  /** A hop is from record to record: identifiers (pivots) reached are stepped through at once. Default false. */
  throughIdentifiers?: boolean;
  /** Stop once more than this many nodes are found (the walk then ends with `exceededAtHop`). Default: no limit. */
  maxNodes?: number;
}

export interface Scope {
  /** The seeds' nodes first, then each hop's, each once. */
  elementIds: string[];
  /** Nodes found per hop (hop 0: the seeds). */
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
  if (seen.size > maxNodes) return { elementIds: [...seen], nodesByHop, exceededAtHop: 0 };
  const params = {
    types: options.over === undefined ? null : [...RELATIONSHIP_GROUPS[options.over]],
    removed: options.state === 'ever',
    asOf,
    maxShared: options.maxShared ?? null,
  };
  const step = async (frontier: readonly string[]) => {
    const rows = await runNamed(tx, 'scope/neighbours', { ...params, frontier, seen: [...seen], limit: maxNodes - seen.size + 1 });
    for (const r of rows) seen.add(String(r.element));
    return rows.map((r) => ({ element: String(r.element), pivot: r.pivot === true }));
  };
  let frontier = [...seen];
  for (let hop = 1; hop <= options.depth && frontier.length > 0; hop++) {
    const before = seen.size;
    let next = await step(frontier);
    if (options.throughIdentifiers) {
      const identifiers = next.filter((n) => n.pivot).map((n) => n.element);
      next = next.filter((n) => !n.pivot);
      if (identifiers.length > 0 && seen.size <= maxNodes) next.push(...(await step(identifiers)).filter((n) => !n.pivot));
    }
    nodesByHop.push(seen.size - before);
    if (seen.size > maxNodes) return { elementIds: [...seen], nodesByHop, exceededAtHop: hop };
    frontier = next.map((n) => n.element);
  }
  return { elementIds: [...seen], nodesByHop };
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
