import type { Driver, ManagedTransaction } from 'neo4j-driver';
import { refToString } from '../api/refs.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import { inReadTransaction, runNamed } from '../store/executor.js';
import {
  DEFAULT_MAX_EDGES,
  DEFAULT_MAX_NODES,
  type CrawlProvenance,
  type ProducingCrawl,
  type ExportEdge,
  type ExportNode,
  type ExportRequest,
  type Properties,
  type Subgraph,
} from './model.js';
import { parseAsOf } from '../time/date-time.js';
import { cleanUri, toolInfo } from '../render/provenance.js';
import { longProp, stringProp, toProperties } from './values.js';
import { SCOPE_STATEMENTS } from '../store/scope.js';
import { walkSubgraph } from './walk.js';
import { compareCodeUnits } from '../order.js';

/** Element ids per statement when reading nodes and relationships. */
const PAGE = 1000;

/**
 * The statements that read an export, in the order they run (provenance.query): the current state, or
 * (`asOf` given) the graph as of a time, whose nodes and relationships are read by their own statements.
 */
export function exportStatements(asOf: string | null, endedRoles = false): string[] {
  const suffix = asOf === null ? '' : '-as-of';
  return [
    'export/crawl',
    ...SCOPE_STATEMENTS,
    'scope/stated',
    'export/count-edges',
    `export/nodes${suffix}`,
    `export/edges${suffix}`,
    ...(endedRoles ? ['export/ended-roles'] : []),
    'export/producing-crawls',
  ];
}

export interface ReadOptions {
  /** Default: the server's default database. */
  database?: string | undefined;
  /** The connection URI for the provenance; userinfo and query are dropped. */
  uri?: string | undefined;
  /** Default: now. */
  now?: Date;
}

/**
 * Read the subgraph of `<seeds> --depth N` (docs/scope.md: the crawl's ball and what its records state) from
 * Neo4j, in one read transaction (a consistent snapshot; nothing is written). The budgets are checked on element ids alone, before any
 * property is read: EXPORT_TOO_LARGE names the counts and limits. Unknown seeds are SEED_INVALID; an
 * unknown --crawl or a malformed `asOf` is CONFIG_INVALID.
 *
 * The current state by default: relationships a later fetch no longer had (`removedAt`) are left out,
 * and so are the history's RecordVersion nodes and the crawl bookkeeping. With `request.asOf`, the graph
 * as it was then (docs/export.md): the relationships that existed then, walked from the seeds, between
 * nodes first seen by then, with the properties they had then as far as the history keeps them.
 */
export async function readSubgraph(driver: Driver, request: ExportRequest, options: ReadOptions = {}): Promise<Subgraph> {
  const maxNodes = request.maxNodes ?? DEFAULT_MAX_NODES;
  const maxEdges = request.maxEdges ?? DEFAULT_MAX_EDGES;
  const includeRaw = request.includeRaw ?? false;
  const asOf = request.asOf === undefined ? null : parseAsOf(request.asOf);
  const exportedAt = (options.now ?? new Date()).toISOString();
  const server = await driver.getServerInfo(options.database ? { database: options.database } : {}).catch(() => undefined);
  return inReadTransaction(
    driver,
    async (tx) => {
      const crawl = await readCrawl(tx, request.crawlId, asOf);
      const walk = await walkSubgraph(tx, request.seeds, { depth: request.depth, maxNodes, maxEdges, asOf });
      const { nodes, keyOf } = await readNodes(tx, walk.elementIds, includeRaw, asOf);
      const edges = await readEdges(tx, walk.elementIds, keyOf, asOf);
      const endedRoles = request.endedRoles ? await readEndedRoles(tx, walk.elementIds, keyOf, asOf) : undefined;
      const crawls = await readProducingCrawls(tx, nodes, asOf);
      return {
        nodes,
        edges,
        provenance: {
          query: {
            method:
              asOf === null
                ? `the records a crawl of the seeds to depth ${request.depth} fetches (docs/scope.md): level-by-level walk from the seeds over current (no removedAt) outgoing list relationships (RELATED, SIMILAR, COMPETITOR) to :Landing nodes, ${request.depth} hops; then what those records state, the :Landing and :Pivot nodes one current outgoing relationship of theirs away; then every current relationship among the nodes reached`
                : `the graph as of ${asOf}: the records a crawl of the seeds to depth ${request.depth} fetched then (docs/scope.md): level-by-level walk from the seeds over outgoing list relationships (RELATED, SIMILAR, COMPETITOR) that existed then, to :Landing nodes first seen by then, ${request.depth} hops; then what those records stated, the :Landing and :Pivot nodes first seen by then one outgoing relationship of theirs that existed then away; then every relationship among the nodes reached that existed then; node properties as of then (the earliest RecordVersion replaced later, else the node), relationship history cut at then`,
            statements: exportStatements(asOf, request.endedRoles).map((s) => `cypher/${s}.cypher`),
          },
          parameters: {
            seeds: request.seeds.map(refToString),
            depth: request.depth,
            maxNodes,
            maxEdges,
            crawl: request.crawlId ?? null,
            includeRaw,
            asOf,
          },
          state: asOf === null ? 'current state' : `as of ${asOf}`,
          exportedAt,
          // The one named: --crawl, else the latest crawl that fetched some of these records (not merely the latest).
          crawl: request.crawlId !== undefined ? crawl : (crawls[0] ?? null),
          crawls,
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
        ...(endedRoles ? { endedRoles } : {}),
      };
    },
    { database: options.database },
    'the export',
  );
}

/** The crawls that fetched the answers the exported records hold, latest first, with how many each fetched. */
async function readProducingCrawls(tx: ManagedTransaction, nodes: readonly ExportNode[], asOf: string | null): Promise<ProducingCrawl[]> {
  const refs = nodes.flatMap((n) => {
    const { kind, id, fetchedAt } = n.properties;
    if (!kind || !id || !fetchedAt || typeof id.value !== 'number' || typeof fetchedAt.value !== 'string') return [];
    return [{ ref: `${String(kind.value)}#${id.value}`, fetchedAt: fetchedAt.value }];
  });
  if (refs.length === 0) return [];
  const rows = await runNamed(tx, 'export/producing-crawls', { refs, asOf });
  return rows.map((row) => ({ ...crawlOf(row), records: Number(row.records) }));
}

async function readCrawl(tx: ManagedTransaction, crawlId: string | undefined, asOf: string | null): Promise<CrawlProvenance | null> {
  const [row] = await runNamed(tx, 'export/crawl', { crawlId: crawlId ?? null, asOf });
  if (!row) {
    if (crawlId !== undefined)
      throw new LandingGraphError('CONFIG_INVALID', `no crawl ${quoteValue(crawlId)} in the graph (the crawls query lists them)`);
    return null;
  }
  return crawlOf(row);
}

function crawlOf(row: Record<string, unknown>): CrawlProvenance {
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
  asOf: string | null,
): Promise<{ nodes: ExportNode[]; keyOf: Map<string, string> }> {
  const nodes: ExportNode[] = [];
  const keyOf = new Map<string, string>();
  for (let i = 0; i < ids.length; i += PAGE) {
    const page = ids.slice(i, i + PAGE);
    const rows =
      asOf === null
        ? await runNamed(tx, 'export/nodes', { ids: page, includeRaw })
        : await runNamed(tx, 'export/nodes-as-of', { ids: page, includeRaw, asOf });
    for (const row of rows) {
      const labels = (row.labels as string[]).slice().sort();
      const properties = toProperties(row.properties as Record<string, unknown>, row.floats as string[]);
      const elementKey = elementKeyOf(labels, properties, String(row.element));
      keyOf.set(String(row.element), elementKey);
      nodes.push({ elementKey, labels, properties });
    }
  }
  nodes.sort((a, b) => compareCodeUnits(a.elementKey, b.elementKey));
  return { nodes, keyOf };
}

async function readEdges(
  tx: ManagedTransaction,
  ids: readonly string[],
  keyOf: ReadonlyMap<string, string>,
  asOf: string | null,
): Promise<ExportEdge[]> {
  const edges: ExportEdge[] = [];
  for (let i = 0; i < ids.length; i += PAGE) {
    const from = ids.slice(i, i + PAGE);
    const rows =
      asOf === null ? await runNamed(tx, 'export/edges', { from, ids }) : await runNamed(tx, 'export/edges-as-of', { from, ids, asOf });
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
      compareCodeUnits(a.from, b.from) ||
      compareCodeUnits(a.type, b.type) ||
      compareCodeUnits(a.to, b.to) ||
      compareCodeUnits(JSON.stringify(a.properties), JSON.stringify(b.properties)),
  );
  return edges;
}

/** The exported companies' ended officer roles (cypher/export/ended-roles.cypher), with officers the walk may not reach. */
async function readEndedRoles(
  tx: ManagedTransaction,
  ids: readonly string[],
  keyOf: ReadonlyMap<string, string>,
  asOf: string | null,
): Promise<{ nodes: ExportNode[]; edges: ExportEdge[] }> {
  const nodes = new Map<string, ExportNode>();
  const edges: ExportEdge[] = [];
  for (let i = 0; i < ids.length; i += PAGE) {
    for (const row of await runNamed(tx, 'export/ended-roles', { from: ids.slice(i, i + PAGE), asOf })) {
      const from = keyOf.get(String(row.from));
      if (from === undefined) continue; // cannot happen: the company was read
      const labels = (row.labels as string[]).slice().sort();
      const properties = toProperties(row.node as Record<string, unknown>);
      const to = keyOf.get(String(row.to)) ?? elementKeyOf(labels, properties, String(row.to));
      if (!nodes.has(to)) nodes.set(to, { elementKey: to, labels, properties });
      edges.push({ type: 'HAS_OFFICER', from, to, properties: toProperties(row.properties as Record<string, unknown>) });
    }
  }
  edges.sort(
    (a, b) =>
      compareCodeUnits(a.from, b.from) ||
      compareCodeUnits(a.to, b.to) ||
      compareCodeUnits(JSON.stringify(a.properties), JSON.stringify(b.properties)),
  );
  return { nodes: [...nodes.values()].sort((a, b) => compareCodeUnits(a.elementKey, b.elementKey)), edges };
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
