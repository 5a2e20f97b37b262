import neo4j, { type Driver, type ManagedTransaction } from 'neo4j-driver';
import { refToString } from '../api/refs.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import { runNamed } from '../store/executor.js';
import { toStoreError } from '../store/neo4j-errors.js';
import {
  DEFAULT_MAX_EDGES,
  DEFAULT_MAX_NODES,
  type CrawlProvenance,
  type ExportEdge,
  type ExportNode,
  type ExportRequest,
  type Properties,
  type Subgraph,
} from './model.js';
import { cleanUri, toolInfo } from './provenance.js';
import { longProp, stringProp, toProperties } from './values.js';
import { walkSubgraph } from './walk.js';

/** Element ids per statement when reading nodes and relationships. */
const PAGE = 1000;

/** The statements that read an export, in the order they run (provenance.query). */
export const EXPORT_STATEMENTS = [
  'export/crawl',
  'export/resolve-seeds',
  'export/neighbours',
  'export/count-edges',
  'export/nodes',
  'export/edges',
];

export interface ReadOptions {
  /** Default: the server's default database. */
  database?: string | undefined;
  /** The connection URI for the provenance; userinfo and query are dropped. */
  uri?: string | undefined;
  /** Default: now. */
  now?: Date;
}

/**
 * Read the subgraph within `request.depth` hops of the seeds from Neo4j, in one read transaction (a
 * consistent snapshot; nothing is written). The budgets are checked on element ids alone, before any
 * property is read: EXPORT_TOO_LARGE names the counts and limits. Unknown seeds are SEED_INVALID; an
 * unknown --crawl is CONFIG_INVALID.
 */
export async function readSubgraph(driver: Driver, request: ExportRequest, options: ReadOptions = {}): Promise<Subgraph> {
  const maxNodes = request.maxNodes ?? DEFAULT_MAX_NODES;
  const maxEdges = request.maxEdges ?? DEFAULT_MAX_EDGES;
  const includeRaw = request.includeRaw ?? false;
  const exportedAt = (options.now ?? new Date()).toISOString();
  const session = driver.session({ defaultAccessMode: neo4j.session.READ, ...(options.database ? { database: options.database } : {}) });
  try {
    const server = await driver.getServerInfo(options.database ? { database: options.database } : {}).catch(() => undefined);
    return await session.executeRead(async (tx) => {
      const crawl = await readCrawl(tx, request.crawlId);
      const walk = await walkSubgraph(tx, request.seeds, { depth: request.depth, maxNodes, maxEdges });
      const { nodes, keyOf } = await readNodes(tx, walk.elementIds, includeRaw);
      const edges = await readEdges(tx, walk.elementIds, keyOf);
      return {
        nodes,
        edges,
        provenance: {
          query: {
            method: `level-by-level undirected walk from the seeds over relationships of any type between :Landing and :Pivot nodes, ${request.depth} hops; then every relationship among the nodes reached`,
            statements: EXPORT_STATEMENTS.map((s) => `cypher/${s}.cypher`),
          },
          parameters: {
            seeds: request.seeds.map(refToString),
            depth: request.depth,
            maxNodes,
            maxEdges,
            crawl: request.crawlId ?? null,
            includeRaw,
          },
          exportedAt,
          crawl,
          tool: toolInfo(),
          source: {
            uri: options.uri ? cleanUri(options.uri) : null,
            address: server?.address ?? null,
            agent: server?.agent ?? null,
            database: options.database ?? null,
          },
          nodesByHop: walk.nodesByHop,
          counts: { nodes: nodes.length, edges: edges.length },
        },
      };
    });
  } catch (error) {
    throw toStoreError(error, 'the export');
  } finally {
    await session.close();
  }
}

async function readCrawl(tx: ManagedTransaction, crawlId: string | undefined): Promise<CrawlProvenance | null> {
  const [row] = await runNamed(tx, 'export/crawl', { crawlId: crawlId ?? null });
  if (!row) {
    if (crawlId !== undefined)
      throw new LandingGraphError('CONFIG_INVALID', `no crawl ${quoteValue(crawlId)} in the graph (the crawls query lists them)`);
    return null;
  }
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: String(row.id),
    seeds: Array.isArray(row.seeds) ? row.seeds.map(String) : [],
    maxDepth: typeof row.maxDepth === 'number' ? row.maxDepth : null,
    status: text(row.status),
    startedAt: text(row.startedAt),
    finishedAt: text(row.finishedAt),
    baseUrl: typeof row.baseUrl === 'string' ? cleanUri(row.baseUrl) : null,
  };
}

async function readNodes(
  tx: ManagedTransaction,
  ids: readonly string[],
  includeRaw: boolean,
): Promise<{ nodes: ExportNode[]; keyOf: Map<string, string> }> {
  const nodes: ExportNode[] = [];
  const keyOf = new Map<string, string>();
  for (let i = 0; i < ids.length; i += PAGE) {
    const rows = await runNamed(tx, 'export/nodes', { ids: ids.slice(i, i + PAGE), includeRaw });
    for (const row of rows) {
      const labels = (row.labels as string[]).slice().sort();
      const properties = toProperties(row.properties as Record<string, unknown>, row.floats as string[]);
      const elementKey = elementKeyOf(labels, properties, String(row.element));
      keyOf.set(String(row.element), elementKey);
      nodes.push({ elementKey, labels, properties });
    }
  }
  nodes.sort((a, b) => compare(a.elementKey, b.elementKey));
  return { nodes, keyOf };
}

async function readEdges(tx: ManagedTransaction, ids: readonly string[], keyOf: ReadonlyMap<string, string>): Promise<ExportEdge[]> {
  const edges: ExportEdge[] = [];
  for (let i = 0; i < ids.length; i += PAGE) {
    const rows = await runNamed(tx, 'export/edges', { from: ids.slice(i, i + PAGE), ids });
    for (const row of rows) {
      const from = keyOf.get(String(row.from));
      const to = keyOf.get(String(row.to));
      if (from === undefined || to === undefined) continue; // cannot happen: both ends were read
      edges.push({
        type: String(row.type),
        from,
        to,
        properties: toProperties(row.properties as Record<string, unknown>, row.floats as string[]),
      });
    }
  }
  edges.sort(
    (a, b) =>
      compare(a.from, b.from) ||
      compare(a.type, b.type) ||
      compare(a.to, b.to) ||
      compare(JSON.stringify(a.properties), JSON.stringify(b.properties)),
  );
  return edges;
}

/**
 * The stable key of a node (model.ts, ExportNode): Landing `kind#id` or `kind:key`, Pivot `pivot:kind:key`,
 * anything else (never reached by the walk) its element id.
 */
export function elementKeyOf(labels: readonly string[], properties: Properties, elementId: string): string {
  const kind = stringProp(properties, 'kind');
  const key = stringProp(properties, 'key');
  const id = longProp(properties, 'id');
  if (labels.includes('Landing') && kind !== undefined) {
    if (id !== undefined) return `${kind}#${id}`;
    if (key !== undefined) return `${kind}:${key}`;
  }
  if (labels.includes('Pivot') && kind !== undefined && key !== undefined) return `pivot:${kind}:${key}`;
  return `element:${elementId}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
