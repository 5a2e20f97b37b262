import { randomUUID } from 'node:crypto';
import neo4j, { type Driver } from 'neo4j-driver';
import { LandingGraphError } from '../errors.js';
import { publicInfrastructureParameters } from '../graph/public-infrastructure.js';
import { runNamed } from '../store/executor.js';
import { toStoreError } from '../store/neo4j-errors.js';
import { toNumber } from '../store/numbers.js';
import { assertCrawl } from './store.js';
import { DEFAULT_MIN_SIZE, EVIDENCE_WEIGHTS, WEAK_EVIDENCE } from './model.js';
import { DEFAULT_MAX_SHARED } from '../graph/hub-bound.js';

/**
 * Networks in Neo4j Graph Data Science: the connected components of the strong ties of a scope, computed in the
 * database, so that no process holds the evidence of the whole graph. The projection weighs the evidence as
 * cypher/network/evidence.cypher does (one copy of its scope and links), and WCC is union-find: the components are
 * the ones the pure core finds (src/network/networks.ts), which then splits and describes them a batch at a time.
 */

/** Where components are computed: every record, or the records a crawl fetched. */
export type ComponentScope = { type: 'all' } | { type: 'crawl'; crawlId: string };

export interface ComponentOptions {
  database?: string | undefined;
  /** Default: DEFAULT_MAX_SHARED. */
  maxShared?: number;
  /** Smaller components are left out. Default: DEFAULT_MIN_SIZE. */
  minSize?: number;
}

export interface Components {
  /** Each component as the element ids of its records in scope (at least minSize). */
  components: string[][];
  /** The projection: records and identifiers, and their links (each link counted once per direction). */
  projected: { nodes: number; relationships: number };
}

/** Graph Data Science's version on the server, or null when the server has none. */
export async function gdsVersion(driver: Driver, options: { database?: string | undefined } = {}): Promise<string | null> {
  try {
    const [row] = await runNamed(driver, 'network/gds/version', {}, { mode: 'read', database: options.database });
    return row?.version === undefined || row.version === null ? null : String(row.version);
  } catch (error) {
    if (isUnknownFunction(error)) return null;
    throw toStoreError(error, 'asking for Graph Data Science');
  }
}

function isUnknownFunction(error: unknown): boolean {
  const cause = error instanceof LandingGraphError ? error.cause : error;
  const message = cause instanceof Error ? cause.message : '';
  return /Unknown function 'gds\.version'/.test(message);
}

/** What GDS may need for the networks of a graph, against what the Neo4j server has free. */
export interface GdsMemory {
  requiredBytes: number;
  availableBytes: number;
}

/**
 * Refuse before projecting when GDS's own estimate for the whole graph passes the server's free heap: one line that
 * says which setting to raise, instead of a projection that fails half way or starves the database.
 */
export function checkGdsMemory(memory: GdsMemory): void {
  if (memory.requiredBytes <= memory.availableBytes) return;
  const mib = (bytes: number) => `${Math.ceil(bytes / 2 ** 20)} MiB`;
  throw new LandingGraphError(
    'NEO4J_MEMORY',
    `Graph Data Science may need ${mib(memory.requiredBytes)} for the networks of this graph and the Neo4j server has ${mib(memory.availableBytes)} of heap free: raise server.memory.heap.max_size (scripts/neo4j-local --heap), or run networks --engine memory`,
  );
}

/**
 * The components of the scope's strong ties, from a projection made for this call and dropped after it (also when
 * it fails). The memory is estimated first (checkGdsMemory); GDS checks WCC's own estimate again before it runs.
 */
export async function readComponents(driver: Driver, scope: ComponentScope, options: ComponentOptions = {}): Promise<Components> {
  const graphName = `landing-graph-networks-${randomUUID()}`;
  const session = driver.session({ defaultAccessMode: neo4j.session.READ, ...(options.database ? { database: options.database } : {}) });
  const scopeParams = { scope: scope.type, elementIds: [], crawlId: scope.type === 'crawl' ? scope.crawlId : null };
  try {
    const projected = await session.executeRead(async (tx) => {
      // A retried attempt finds the graph of the failed one.
      await runNamed(tx, 'network/gds/drop', { graphName });
      if (scope.type === 'crawl') await assertCrawl(tx, scope.crawlId);
      const [estimate] = await runNamed(tx, 'network/gds/estimate', {});
      checkGdsMemory({ requiredBytes: toNumber(estimate?.requiredBytes ?? 0), availableBytes: toNumber(estimate?.availableBytes ?? 0) });
      const [row] = await runNamed(tx, 'network/gds/project', {
        ...scopeParams,
        graphName,
        weights: { ...EVIDENCE_WEIGHTS },
        maxShared: options.maxShared ?? DEFAULT_MAX_SHARED,
        weakKinds: [...WEAK_EVIDENCE],
        ...publicInfrastructureParameters(),
      });
      return row ? { nodes: toNumber(row.nodes), relationships: toNumber(row.relationships) } : null;
    });
    if (!projected) return { components: [], projected: { nodes: 0, relationships: 0 } };
    const rows = await session.executeRead((tx) =>
      runNamed(tx, 'network/gds/components', { ...scopeParams, graphName, minSize: options.minSize ?? DEFAULT_MIN_SIZE }),
    );
    return { components: rows.map((row) => (row.elementIds as unknown[]).map(String)), projected };
  } catch (error) {
    throw toStoreError(error, 'computing the components of networks in Graph Data Science');
  } finally {
    try {
      await session.executeRead((tx) => runNamed(tx, 'network/gds/drop', { graphName }));
    } finally {
      await session.close();
    }
  }
}
