import type { LandingKind } from '../../api/kinds.js';
import type { SandboxGraph, SkeletonNode } from '../graph-types.js';
import type { PlantedNetwork, PlantedTruth } from './networks.js';

/** A planted record by kind, page number and natural key. */
export interface PlantedRef {
  kind: LandingKind;
  id: number;
  key: string;
}

/** One red-flag rule of `flags` (cypher/flags/rules/<rule>.cypher): the records planted to fire it, and decoys that must not. */
export interface PlantedFlagPattern {
  rule: string;
  records: PlantedRef[];
  decoys: PlantedRef[];
}

/** Seeds and a depth whose crawl fetches every member of every planted network and a record of every flag pattern. */
export interface PlantedStart {
  /** Seed syntax: `company:<INN>`. */
  seeds: string[];
  depth: number;
}

/** The ground truth's `planted` section: what --plant planted, by key, to start an investigation from and check it. */
export interface PlantedGroundTruth {
  start: PlantedStart;
  /** Each member with the flag rules it is planted to fire. */
  networks: { members: (PlantedRef & { flags: string[] })[] }[];
  /** Pairs tied to each other by a hosting company's name servers only: must stay apart. */
  smallNetworks: { members: PlantedRef[] }[];
  /** Every rule of `flags`, with its planted records and decoys. */
  flags: PlantedFlagPattern[];
  /** The shared noise that must tie nothing: the nominee director, the mass address, the webmail box, the hosting IP. */
  noise: PlantedTruth['noise'];
}

/**
 * Depth of the printed start: from the company at the mass address of each network, 4 hops fetch its network's 18
 * records and, through the webmail box that a company of every network lists, enough fillers for the nominee's and
 * the mass address's patterns; the flag-pattern companies need 2 (a live company behind a liquidated one's phone).
 */
export const PLANTED_START_DEPTH = 4;

/**
 * What `sandbox --plant` prints to start from: one company of each network and one of each flag pattern, with the
 * phoenix's liquidated predecessor (a record names its predecessors, but no list a crawl follows leads there).
 */
export function plantedStart(graph: SandboxGraph, truth: PlantedTruth): PlantedStart {
  const atMassAddress = truth.networks.map((n) => companiesOf(n)[1]).filter((m) => m !== undefined);
  const f = truth.flags;
  const patterns = [f.youngCompany[0], f.liquidatedServesLive[0], f.phoenix[0], f.decoys.phoenix[0], f.noActivityManySites[0]].filter(
    (id) => id !== undefined,
  );
  const keys = [...atMassAddress.map((m) => m.key), ...patterns.map((id) => refOf(graph, id).key)];
  return { seeds: [...new Set(keys)].map((key) => `company:${key}`), depth: PLANTED_START_DEPTH };
}

/**
 * The `planted` section of the ground truth. `sharing`: the companies that serve the nominee among their officers and
 * those served at the mass address (the shared identifiers of the ground truth, counted on the blocks as served):
 * the nominee's and the address's patterns fire on those.
 */
export function plantedGroundTruth(
  graph: SandboxGraph,
  truth: PlantedTruth,
  sharing: { nomineeCompanies: readonly number[]; massAddressCompanies: readonly number[] },
): PlantedGroundTruth {
  const refs = (ids: readonly number[]) => ids.map((id) => refOf(graph, id));
  const companyPairs = truth.networks.flatMap((n) => companiesOf(n).slice(3, 5));
  const shadows = truth.networks.flatMap((n) => n.members.filter((m) => m.kind === 'domain' && m.key.endsWith('-shadow.ru')));
  // Filler pairs listed as each other's competitors that share only the nominee and the address (networks.ts).
  const hubOnlyCompetitors = truth.fillers.slice(0, 10);
  const f = truth.flags;
  const flags: PlantedFlagPattern[] = [
    { rule: 'competitors-share-control', records: companyPairs, decoys: refs(hubOnlyCompetitors) },
    { rule: 'liquidated-serves-live', records: refs(f.liquidatedServesLive), decoys: refs(f.decoys.liquidatedServesLive) },
    { rule: 'mass-address', records: refs(sharing.massAddressCompanies), decoys: [] },
    { rule: 'mass-officer', records: refs(sharing.nomineeCompanies), decoys: [] },
    { rule: 'no-activity-many-sites', records: refs(f.noActivityManySites), decoys: refs(f.decoys.noActivityManySites) },
    { rule: 'phoenix', records: refs(f.phoenix), decoys: refs(f.decoys.phoenix) },
    { rule: 'registrant-mismatch', records: shadows, decoys: [] },
    { rule: 'young-company', records: refs(f.youngCompany), decoys: refs(f.decoys.youngCompany) },
  ];
  const rulesOf = new Map<string, string[]>();
  for (const pattern of flags)
    for (const r of pattern.records) rulesOf.set(`${r.kind}#${r.id}`, [...(rulesOf.get(`${r.kind}#${r.id}`) ?? []), pattern.rule]);
  return {
    start: plantedStart(graph, truth),
    networks: truth.networks.map((n) => ({ members: n.members.map((m) => ({ ...m, flags: rulesOf.get(`${m.kind}#${m.id}`) ?? [] })) })),
    smallNetworks: truth.smallNetworks.map((n) => ({ members: n.members.map((m) => ({ ...m })) })),
    flags,
    noise: truth.noise,
  };
}

function companiesOf(network: PlantedNetwork): PlantedRef[] {
  return network.members.filter((m) => m.kind === 'company');
}

function refOf(graph: SandboxGraph, id: number): PlantedRef {
  const node = graph.node(id) as SkeletonNode;
  return { kind: node.kind as LandingKind, id, key: node.key ?? String(id) };
}
