/** Company networks: read the evidence (store.ts), group it (networks.ts, pure), write the groups back (store.ts). */
import type { Driver } from 'neo4j-driver';
import { DEFAULT_NETWORK_OPTIONS, type NetworkOptions, type NetworkResult } from './model.js';
import { findNetworks } from './networks.js';
import { rankByFlags } from './rank.js';
import { type NetworkScope, readEvidence, readMemberFlags, scopeName, type WriteResult, writeNetworks } from './store.js';

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
  scope: string;
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
 * back as :Network nodes unless `write` is false.
 */
export async function computeNetworks(driver: Driver, scope: NetworkScope, options: ComputeOptions = {}): Promise<ComputeResult> {
  const t0 = performance.now();
  const maxShared = options.maxShared ?? DEFAULT_NETWORK_OPTIONS.maxShared;
  const evidence = await readEvidence(driver, scope, { database: options.database, maxShared });
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
  const name = scopeName(scope);
  const written =
    options.write === false ? null : await writeNetworks(driver, name, networks, options.now ?? new Date(), { database: options.database });
  const t4 = performance.now();
  return {
    ...result,
    networks,
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
