/** Company networks: read the evidence (store.ts), group it (networks.ts, pure), write the groups back (store.ts). */
import type { Driver } from 'neo4j-driver';
import { LandingGraphError } from '../errors.js';
import { DEFAULT_NETWORK_OPTIONS, memberKey, type Network, type NetworkOptions, type NetworkResult } from './model.js';
import { eachAtOnce } from './at-once.js';
import { componentBatches, joinResults } from './batches.js';
import { gdsVersion, readComponents } from './gds.js';
import { findNetworks } from './networks.js';
import type { Evidence } from './evidence.js';
import { rankByFlags } from './rank.js';
import {
  type NetworkScope,
  readEvidence,
  readMemberFlags,
  readScopeMembers,
  type ScopeMembers,
  scopeName,
  type WriteResult,
  writeNetworks,
} from './store.js';

export * from './model.js';
export { type Evidence, EvidenceBuilder, evidenceOf, linksOf } from './evidence.js';
export { describeGroups, findNetworks, networkId } from './networks.js';
export { gdsVersion } from './gds.js';
export { flaggedText, rankByFlags } from './rank.js';
export {
  type EvidenceReadOptions,
  type MemberFlags,
  readEvidence,
  readMemberFlags,
  scopeName,
  writeNetworks,
  type NetworkScope,
  type WriteResult,
} from './store.js';
export { readCaseNetworks, readTableNames, type CaseNetworkOptions, type TableNames } from './case/read.js';
export type { CaseNetworks, CaseNetwork } from './case/findings.js';
export { caseNetworksSection } from './case/section.js';
export {
  hubsLine,
  networksCsv,
  networksJson,
  networksJsonChunks,
  networksTable,
  TABLE_EVIDENCE,
  TABLE_MEMBERS,
  whyText,
} from './format.js';
export { type GroupTie, membersWhy, WHY_TO } from './why.js';

/**
 * Where the components are found: `gds`, in the database (Neo4j Graph Data Science: no process holds the whole
 * graph's evidence); `memory`, in this process from the whole scope's evidence; `auto`, gds when the server has it.
 * Both find the same networks.
 */
export const NETWORK_ENGINES = ['auto', 'gds', 'memory'] as const;
export type NetworkEngine = (typeof NETWORK_ENGINES)[number];

/**
 * Records a batch of components holds at most (gds engine), unless one component is larger (it is a batch of its
 * own). Each batch's evidence is read in one statement, whose cost per record falls as it reads more; the largest
 * component, read whole whatever this is, bounds the process's memory more than this does.
 */
export const GDS_BATCH_RECORDS = 200_000;

/**
 * Batches whose evidence is read at once (gds engine). The server reads one with one core and this process groups
 * another meanwhile: two keep both busy on a machine of two cores. Each batch read holds its evidence until it is
 * grouped, so the process's memory grows with this.
 */
export const GDS_READS_AT_ONCE = 2;

export interface ComputeOptions extends Partial<NetworkOptions> {
  database?: string | undefined;
  /** Default: 'auto'. */
  engine?: NetworkEngine;
  /** Default: true. */
  write?: boolean;
  now?: Date;
  /** Records a batch holds at most (gds engine). Default: GDS_BATCH_RECORDS. */
  gdsBatchRecords?: number;
}

export interface ComputeResult extends NetworkResult {
  /** Where the networks were computed (and written): `all` for the whole graph and for seeds, `crawl:<id>`. */
  scope: string;
  /**
   * For `<seeds> --depth N`: the seeds' scope, and how many networks the whole graph has; `networks` holds only those
   * with a record of that scope. Null for the whole graph and a crawl.
   */
  listed: { scope: string; of: number } | null;
  /** Where the components were found, and GDS's version when there. */
  engine: { name: 'gds' | 'memory'; version: string | null };
  /** Identifiers read (those tying two or more members, and hubs). */
  identifiers: number;
  /** Their links to members in scope (hubs read without members add none). */
  links: number;
  written: WriteResult | null;
  /** When the red flags the networks are ranked by were computed (`landing-graph flags`); null: never. */
  flagsComputedAt: string | null;
  timings: { readMs: number; computeMs: number; flagsMs: number; writeMs: number };
}

/**
 * read -> pure core -> write: the networks of a scope, ranked by their members' current red flags (rank.ts), written
 * back as :Network nodes unless `write` is false. A network is computed over the whole graph or a crawl; seeds only
 * narrow what is listed: the networks of the whole graph that hold a record of `<seeds> --depth N`, so the network
 * of a record is the same whichever way it is asked for (the case file, `query network-of`, Browser).
 */
export async function computeNetworks(driver: Driver, scope: NetworkScope, options: ComputeOptions = {}): Promise<ComputeResult> {
  const t0 = performance.now();
  const networkOptions: NetworkOptions = {
    maxShared: options.maxShared ?? DEFAULT_NETWORK_OPTIONS.maxShared,
    minSize: options.minSize ?? DEFAULT_NETWORK_OPTIONS.minSize,
    splitAbove: options.splitAbove ?? DEFAULT_NETWORK_OPTIONS.splitAbove,
    minModularity: options.minModularity ?? DEFAULT_NETWORK_OPTIONS.minModularity,
    resolution: options.resolution ?? DEFAULT_NETWORK_OPTIONS.resolution,
  };
  const inScope = scope.type === 'seeds' ? await readScopeMembers(driver, scope, { database: options.database }) : null;
  const over: NetworkScope = scope.type === 'seeds' ? { type: 'all' } : scope;
  const engine = await chooseEngine(driver, options.engine ?? 'auto', options.database);
  const { result, identifiers, links, computeMs } = await groupScope(driver, over, engine, networkOptions, {
    database: options.database,
    batchRecords: options.gdsBatchRecords ?? GDS_BATCH_RECORDS,
  });
  const t1 = performance.now();
  const { flagsOf, computedAt } = await readMemberFlags(driver, { database: options.database });
  const networks = rankByFlags(result.networks, flagsOf);
  const t2 = performance.now();
  const name = scopeName(over);
  const written =
    options.write === false ? null : await writeNetworks(driver, name, networks, options.now ?? new Date(), { database: options.database });
  const t3 = performance.now();
  return {
    ...result,
    networks: inScope ? listed(networks, inScope) : networks,
    listed: inScope ? { scope: scopeName(scope), of: networks.length } : null,
    flagsComputedAt: computedAt,
    scope: name,
    engine,
    identifiers,
    links,
    written,
    timings: {
      readMs: Math.round(t1 - t0 - computeMs),
      computeMs: Math.round(computeMs),
      flagsMs: Math.round(t2 - t1),
      writeMs: Math.round(t3 - t2),
    },
  };
}

/**
 * The networks of the whole graph or a crawl, before ranking: with the gds engine, components from the database and
 * the pure core run a batch of whole components at a time (batches.ts); with the memory engine, the pure core run
 * once on the whole scope's evidence.
 */
async function groupScope(
  driver: Driver,
  over: NetworkScope,
  engine: ComputeResult['engine'],
  options: NetworkOptions,
  { database, batchRecords }: { database: string | undefined; batchRecords: number },
): Promise<{ result: NetworkResult; identifiers: number; links: number; computeMs: number }> {
  const read = { database, maxShared: options.maxShared };
  let identifiers = 0;
  let links = 0;
  let computeMs = 0;
  const group = (evidence: Evidence) => {
    const c0 = performance.now();
    identifiers += evidence.keys.length;
    links += evidence.linkMember.length;
    const result = findNetworks(evidence, options);
    computeMs += performance.now() - c0;
    return result;
  };
  if (engine.name === 'memory' || !(over.type === 'all' || over.type === 'crawl')) {
    const result = group(await readEvidence(driver, over, read));
    return { result, identifiers, links, computeMs };
  }
  const { components } = await readComponents(driver, over, { ...read, minSize: options.minSize });
  const batches = componentBatches(components, batchRecords);
  const results: NetworkResult[] = new Array(batches.length);
  // Each read is grouped as soon as it ends, while the next is read.
  await eachAtOnce(batches.length, GDS_READS_AT_ONCE, async (i) => {
    results[i] = group(await readEvidence(driver, { type: 'records', elementIds: batches[i]! }, read));
  });
  return { result: joinResults(results), identifiers, links, computeMs };
}

/** `auto` is gds when the server has Graph Data Science; `gds` on a server without it is an error that says what to do. */
async function chooseEngine(driver: Driver, engine: NetworkEngine, database: string | undefined): Promise<ComputeResult['engine']> {
  if (engine === 'memory') return { name: 'memory', version: null };
  const version = await gdsVersion(driver, { database });
  if (version !== null) return { name: 'gds', version };
  if (engine === 'auto') return { name: 'memory', version: null };
  throw new LandingGraphError(
    'CONFIG_INVALID',
    'the Neo4j server has no Graph Data Science library: use --engine memory, or start the local server with GDS (scripts/neo4j-local start --gds on)',
  );
}

/** The networks holding a record of the scope, in their order, the seeds' own first. */
function listed(networks: readonly Network[], scope: ScopeMembers): Network[] {
  const holds = (n: Network, keys: Set<string>) => n.members.some((m) => keys.has(memberKey(m)));
  const inScope = networks.filter((n) => holds(n, scope.records));
  return [...inScope.filter((n) => holds(n, scope.seeds)), ...inScope.filter((n) => !holds(n, scope.seeds))];
}
