import { writeFile } from 'node:fs/promises';
import type { LandingKind, NodeKind } from '../api/kinds.js';
import type { SandboxGraph, SkeletonNode } from './graph-types.js';
import { edgesOf, type GroundTruthEdge } from './reachable.js';
import { blockVariant } from './records/build-record.js';
import { requisitesOf } from './records/header.js';
import { addressOf, ipOf, mxOf, nameServersOf, personOf, registrarOf } from './shared-values.js';
import { type PlantedGroundTruth, plantedGroundTruth } from './planted/marks.js';
import type { PlantedTruth } from './planted/networks.js';

export { reachable, edgesOf, type Reachable, type NodeRef, type GroundTruthEdge, type ListSource } from './reachable.js';

export interface GroundTruthNode {
  kind: NodeKind;
  id: number;
  /** Natural key (companies: INN); branches have none. */
  key?: string;
  /** Companies: OGRN, the second look-up key. */
  ogrn?: string;
  title: string;
}

/** A value several domains show. */
export interface SharedByDomains {
  value: string;
  domainIds: number[];
}

/** A person who is manager or founder of several companies. */
export interface SharedPerson {
  inn: string;
  name: string;
  companyIds: number[];
}

export interface SharedByCompanies {
  value: string;
  companyIds: number[];
}

/**
 * Identifiers shown by more than one record, counted only where the record serves the block that shows
 * them (a block served null or left out hides its values). Groups of one are left out.
 */
export interface SharedIdentifiers {
  /** dns.a / websiteResponseHeaders.hostIp */
  ip: SharedByDomains[];
  /** dns.ns / whoIs.dnsServers, one entry per name server */
  nameServer: SharedByDomains[];
  /** whoIs.registrar */
  registrar: SharedByDomains[];
  /** dns.mx, one entry per mail exchanger */
  mx: SharedByDomains[];
  /** websiteRequisites.inns / whoIs.inn: the owning company's INN */
  requisitesInn: SharedByDomains[];
  /** companyManagersAndFounders: natural persons (managers and founders) by personal INN */
  manager: SharedPerson[];
  /** companyInfo.registrationAddress */
  address: SharedByCompanies[];
}

export interface GroundTruth {
  seed: number;
  recordCount: number;
  nodes: GroundTruthNode[];
  /** One per list entry as served, duplicates within a list collapsed; the schema breaker's "abc" entry is not one. */
  edges: GroundTruthEdge[];
  danglingIds: number[];
  hubIds: number[];
  shared: SharedIdentifiers;
  /** A world of `sandbox --plant`: what was planted, by key, and the seeds to start from. */
  planted?: PlantedGroundTruth;
}

class Groups {
  private readonly map = new Map<string, Set<number>>();
  add(value: string, id: number): void {
    let ids = this.map.get(value);
    if (!ids) this.map.set(value, (ids = new Set()));
    ids.add(id);
  }
  shared(): [string, number[]][] {
    return [...this.map]
      .filter(([, ids]) => ids.size > 1)
      .map(([value, ids]) => [value, [...ids].sort((a, b) => a - b)] as [string, number[]])
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
}

function sharedIdentifiers(graph: SandboxGraph): SharedIdentifiers {
  const seed = graph.seed;
  const g = {
    ip: new Groups(),
    ns: new Groups(),
    registrar: new Groups(),
    mx: new Groups(),
    inn: new Groups(),
    person: new Groups(),
    address: new Groups(),
  };
  const shows = (id: number, ...blocks: string[]): boolean => blocks.some((b) => blockVariant(graph, id, b) === 'present');
  const names = new Map<string, string>();
  for (const id of graph.ids('domain')) {
    const d = graph.node(id) as SkeletonNode;
    if (shows(id, 'dns', 'websiteResponseHeaders')) g.ip.add(ipOf(seed, d.ip, id), id);
    if (shows(id, 'dns', 'whoIs')) for (const ns of nameServersOf(d.ns, id)) g.ns.add(ns, id);
    if (shows(id, 'whoIs')) g.registrar.add(registrarOf(d.registrar, id), id);
    if (shows(id, 'dns')) for (const mx of mxOf(d.mx, id)) g.mx.add(mx, id);
    if (d.owner !== undefined && shows(id, 'websiteRequisites', 'whoIs')) g.inn.add(requisitesOf(graph, d.owner).inn, id);
  }
  for (const id of graph.ids('company')) {
    const c = graph.node(id) as SkeletonNode;
    if (shows(id, 'companyManagersAndFounders')) {
      for (const who of new Set([...(c.manager === undefined ? [] : [c.manager]), ...(c.founders ?? [])])) {
        if (who < 0) continue;
        const person = personOf(seed, who);
        // A person named without an INN (near-duplicates.ts) is identified by nothing.
        if (person.inn === '') continue;
        names.set(person.inn, person.name);
        g.person.add(person.inn, id);
      }
    }
    if (c.address !== undefined && shows(id, 'companyInfo')) g.address.add(addressOf(seed, c.address).text, id);
  }
  const byDomains = (groups: Groups): SharedByDomains[] => groups.shared().map(([value, domainIds]) => ({ value, domainIds }));
  return {
    ip: byDomains(g.ip),
    nameServer: byDomains(g.ns),
    registrar: byDomains(g.registrar),
    mx: byDomains(g.mx),
    requisitesInn: byDomains(g.inn),
    manager: g.person.shared().map(([inn, companyIds]) => ({ inn, name: names.get(inn) ?? '', companyIds })),
    address: g.address.shared().map(([value, companyIds]) => ({ value, companyIds })),
  };
}

/**
 * Everything a test or a benchmark may compare a crawl with: nodes, edges, dangling ids, shared identifiers; and for a
 * planted world (`planted`: what plantNetworks returned with it), what was planted.
 */
export function groundTruth(graph: SandboxGraph, planted?: PlantedTruth): GroundTruth {
  const nodes: GroundTruthNode[] = [];
  const edges: GroundTruthEdge[] = [];
  for (const id of graph.ids()) {
    const node = graph.node(id) as SkeletonNode;
    const entry: GroundTruthNode = { kind: node.kind, id, title: node.title };
    if (node.key !== undefined) entry.key = node.key;
    if (node.ogrn !== undefined) entry.ogrn = node.ogrn;
    nodes.push(entry);
    if (node.kind !== 'branch') for (const edge of edgesOf(graph, node.kind as LandingKind, id)) edges.push(edge);
  }
  const shared = sharedIdentifiers(graph);
  return {
    seed: graph.seed,
    recordCount: graph.recordCount,
    nodes,
    edges,
    danglingIds: [...graph.danglingIds],
    hubIds: [...graph.hubIds],
    shared,
    ...(planted ? { planted: plantedSection(graph, planted, shared) } : {}),
  };
}

function plantedSection(graph: SandboxGraph, planted: PlantedTruth, shared: SharedIdentifiers): PlantedGroundTruth {
  const nominee = planted.noise.nominee.key.replace(/^inn:/, '');
  return plantedGroundTruth(graph, planted, {
    nomineeCompanies: shared.manager.find((m) => m.inn === nominee)?.companyIds ?? [],
    massAddressCompanies: shared.address.find((a) => a.value === planted.noise.massAddress.text)?.companyIds ?? [],
  });
}

/** Writes groundTruth(graph, planted) as JSON. */
export async function writeGroundTruth(graph: SandboxGraph, file: string, planted?: PlantedTruth): Promise<void> {
  await writeFile(file, JSON.stringify(groundTruth(graph, planted)));
}
