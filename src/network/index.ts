/** Company networks: read the evidence (store.ts), group it (networks.ts, pure), write the groups back (store.ts). */
import type { Driver } from 'neo4j-driver';
import { DEFAULT_NETWORK_OPTIONS, memberKey, type Network, type NetworkOptions, type NetworkResult } from './model.js';
import { findNetworks } from './networks.js';
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

export interface ComputeOptions extends Partial<NetworkOptions> {
  database?: string | undefined;
  /** Default: true. */
  write?: boolean;
  now?: Date;
}

export interface ComputeResult extends NetworkResult {
  /** Where the networks were computed (and written): `all` for the whole graph and for seeds, `crawl:<id>`. */
  scope: string;
  /**
   * For `<seeds> --depth N`: the seeds' scope, and how many networks the whole graph has; `networks` holds only those
   * with a record of that scope. Null for the whole graph and a crawl.
   */
  listed: { scope: string; of: number } | null;
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
  const maxShared = options.maxShared ?? DEFAULT_NETWORK_OPTIONS.maxShared;
  const inScope = scope.type === 'seeds' ? await readScopeMembers(driver, scope, { database: options.database }) : null;
  const over: NetworkScope = scope.type === 'seeds' ? { type: 'all' } : scope;
  const evidence = await readEvidence(driver, over, { database: options.database, maxShared });
  const t1 = performance.now();
  const result = findNetworks(evidence, {
    maxShared,
    minSize: options.minSize ?? DEFAULT_NETWORK_OPTIONS.minSize,
    splitAbove: options.splitAbove ?? DEFAULT_NETWORK_OPTIONS.splitAbove,
    minModularity: options.minModularity ?? DEFAULT_NETWORK_OPTIONS.minModularity,
    resolution: options.resolution ?? DEFAULT_NETWORK_OPTIONS.resolution,
  });
  const t2 = performance.now();
  const { flagsOf, computedAt } = await readMemberFlags(driver, { database: options.database });
  const networks = rankByFlags(result.networks, flagsOf);
  const t3 = performance.now();
  const name = scopeName(over);
  const written =
    options.write === false ? null : await writeNetworks(driver, name, networks, options.now ?? new Date(), { database: options.database });
  const t4 = performance.now();
  return {
    ...result,
    networks: inScope ? listed(networks, inScope) : networks,
    listed: inScope ? { scope: scopeName(scope), of: networks.length } : null,
    flagsComputedAt: computedAt,
    scope: name,
    identifiers: evidence.keys.length,
    links: evidence.linkMember.length,
    written,
    timings: {
      readMs: Math.round(t1 - t0),
      computeMs: Math.round(t2 - t1),
      flagsMs: Math.round(t3 - t2),
      writeMs: Math.round(t4 - t3),
    },
  };
}

/** The networks holding a record of the scope, in their order, the seeds' own first. */
function listed(networks: readonly Network[], scope: ScopeMembers): Network[] {
  const holds = (n: Network, keys: Set<string>) => n.members.some((m) => keys.has(memberKey(m)));
  const inScope = networks.filter((n) => holds(n, scope.records));
  return [...inScope.filter((n) => holds(n, scope.seeds)), ...inScope.filter((n) => !holds(n, scope.seeds))];
}
