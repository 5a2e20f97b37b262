import type { LandingRef } from '../api/refs.js';

/**
 * The pure model of an exported subgraph: what `landing-graph export` read from Neo4j, independent of the
 * output format. Writers (src/export/writers/) turn one Subgraph into one file or folder; none of them talks
 * to Neo4j.
 */

/** The output formats of `landing-graph export --format`. */
export const EXPORT_FORMATS = ['json', 'graphml', 'csv', 'cypher', 'html', 'ftm'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Formats that may carry the records' `raw` JSON text (--include-raw). */
export const RAW_FORMATS: readonly ExportFormat[] = ['json', 'cypher'];

/** Neo4j property types as the exports name them (neo4j-admin import's header types). */
export type ValueType =
  | 'string'
  | 'long'
  | 'double'
  | 'boolean'
  | 'datetime'
  | 'localdatetime'
  | 'date'
  | 'time'
  | 'localtime'
  | 'duration';

export type Scalar = string | number | boolean;

/**
 * One property value with its Neo4j type. Temporal values are their ISO text (as Cypher's `datetime()`
 * and neo4j-admin import read them); lists hold values of the one `type`.
 */
export interface TypedValue {
  type: ValueType;
  list: boolean;
  value: Scalar | Scalar[];
}

export type Properties = Record<string, TypedValue>;

/**
 * A node. `elementKey` is stable across databases and exports: `domain#42` (Landing by page number),
 * `domain:example.com` (Landing known only by key; the seed syntax), `pivot:ip:185.71.67.12` (Pivot).
 */
export interface ExportNode {
  elementKey: string;
  labels: string[];
  properties: Properties;
}

/** A relationship between two exported nodes, by their element keys. */
export interface ExportEdge {
  type: string;
  from: string;
  to: string;
  properties: Properties;
}

/** A crawl that the export names as its source. */
export interface CrawlProvenance {
  id: string;
  seeds: string[];
  maxDepth: number | null;
  status: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** The service crawled, without userinfo or query. */
  baseUrl: string | null;
}

/** A crawl that fetched answers the exported records hold, and how many of them. */
export interface ProducingCrawl extends CrawlProvenance {
  records: number;
}

/** Where and how the subgraph was read. Never holds credentials. */
export interface Provenance {
  /** How the subgraph was selected and the statements (cypher/export/*.cypher) that read it. */
  query: { method: string; statements: string[] };
  parameters: {
    seeds: string[];
    depth: number;
    maxNodes: number;
    maxEdges: number;
    crawl: string | null;
    includeRaw: boolean;
    /** --as-of (ISO, UTC); null for the current state. */
    asOf: string | null;
  };
  /**
   * Which state of the graph the export shows: `current state` (relationships a later fetch no longer had,
   * those with `removedAt`, left out) or `as of <ISO date-time>` (docs/history.md).
   */
  state: string;
  exportedAt: string;
  /** The crawl given with --crawl, else the latest of `crawls` (null when no crawl fetched these records). */
  crawl: CrawlProvenance | null;
  /** The crawls that fetched the answers these records hold (latest first); records loaded otherwise count in none. */
  crawls: ProducingCrawl[];
  tool: { name: string; version: string };
  /** The server (address and agent as it reports them; a URI only without userinfo) and database. */
  source: { uri: string | null; address: string | null; agent: string | null; database: string | null };
  /** Node counts by hop from the seeds: nodesByHop[0] is the seeds' count. */
  nodesByHop: number[];
  counts: { nodes: number; edges: number };
}

/** An exported subgraph: nodes sorted by element key, edges by (from, type, to). */
export interface Subgraph {
  nodes: ExportNode[];
  edges: ExportEdge[];
  provenance: Provenance;
  /**
   * Read for the FollowTheMoney export only (ExportRequest.endedRoles): the officer roles of the exported
   * companies that had ended (HAS_OFFICER links retired by then, `endedAt` their end), and their officers.
   */
  endedRoles?: { nodes: ExportNode[]; edges: ExportEdge[] };
}

/** What to export (the library's view of the CLI's arguments). */
export interface ExportRequest {
  seeds: LandingRef[];
  /** `<seeds> --depth N` (docs/scope.md): the records a crawl of the seeds to this depth fetches, and what they state. */
  depth: number;
  /** Default 5000. */
  maxNodes?: number;
  /** Default 20000. */
  maxEdges?: number;
  /** The crawl named in the provenance; default: the latest. */
  crawlId?: string | undefined;
  /** Keep the records' `raw` JSON text (json and cypher only). Default false. */
  includeRaw?: boolean;
  /**
   * Show the graph as it was at this ISO date-time (with a time zone; see parseAsOf): the relationships and
   * nodes that existed then, the nodes' properties as of then. Default: the current state.
   */
  asOf?: string | undefined;
  /** Also read the companies' ended officer roles (Subgraph.endedRoles). Default false. */
  endedRoles?: boolean;
}

export const DEFAULT_MAX_NODES = 5000;
export const DEFAULT_MAX_EDGES = 20000;
