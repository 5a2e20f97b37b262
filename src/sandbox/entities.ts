import type { NodeKind } from '../api/kinds.js';
import type { SkeletonNode } from './graph-types.js';
import { CompanyGroupAssigner, DomainGroupAssigner } from './groups.js';
import { legalInn, mobilePhone, ogrn } from './identifiers.js';
import { companyName, domainName, domainTitle, emailTitle, mailProvider, UniqueKeys } from './naming.js';
import { type NearDuplicates, plantNearDuplicates } from './near-duplicates.js';
import { hash32, Rng, rngFor } from './prng.js';
import { ACTIVITIES } from './records/vocab-records.js';
import { cityOfAddress, registrationYear } from './shared-values.js';

export type EntityCounts = Record<NodeKind, number>;

/** What a company owns (ids), the base of the relation lists. */
export interface Owned {
  domains: number[];
  emails: number[];
  phones: number[];
  branches: number[];
}

export interface Entities {
  /** All nodes, id = index + 1. */
  nodes: SkeletonNode[];
  ids: Record<NodeKind, number[]>;
  owned: Map<number, Owned>;
  /** E-mail id -> id of the graph domain its address is at (when it is one). */
  emailHost: Map<number, number>;
  /** The near-duplicates planted among the companies (near-duplicates.ts). */
  nearDuplicates: NearDuplicates;
}

const KIND_ORDER: readonly NodeKind[] = ['domain', 'company', 'email', 'phone', 'branch'];

/** Share of domain titles served with upper-case letters, of e-mail titles with upper case, with a +tag. */
const UPPER_DOMAIN_TITLES = 0.06;
const UPPER_EMAIL_TITLES = 0.1;
const PLUS_EMAILS = 0.12;
const IDN_DOMAINS = 0.04;

/**
 * Creates every node: page numbers 1..N are dealt to the kinds in a seeded random order, then companies
 * (with address, manager, founders, INN and OGRN), domains, e-mails, phones and branches get keys, titles,
 * owners and shared-identifier groups; a few companies are near-duplicates of others (near-duplicates.ts).
 */
export function createEntities(seed: number, counts: EntityCounts): Entities {
  const rng = new Rng(hash32(seed, 'entities'));
  const kinds: NodeKind[] = [];
  for (const kind of KIND_ORDER) for (let i = 0; i < counts[kind]; i++) kinds.push(kind);
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const swap = kinds[i] as NodeKind;
    kinds[i] = kinds[j] as NodeKind;
    kinds[j] = swap;
  }
  const ids: Record<NodeKind, number[]> = { domain: [], company: [], email: [], phone: [], branch: [] };
  for (const [i, kind] of kinds.entries()) ids[kind].push(i + 1);
  const nodes: SkeletonNode[] = new Array<SkeletonNode>(kinds.length);
  const owned = new Map<number, Owned>();
  const ownedBy = (owner: number): Owned => {
    let entry = owned.get(owner);
    if (!entry) owned.set(owner, (entry = { domains: [], emails: [], phones: [], branches: [] }));
    return entry;
  };
  const companies = ids.company;
  // A few companies own much: the owner of the next entity is skewed towards the start of the list.
  const pickOwner = (share: number): number | undefined =>
    companies.length > 0 && rng.chance(share) ? companies[Math.floor(companies.length * rng.float() ** 1.8)] : undefined;

  const companyGroups = new CompanyGroupAssigner(rng);
  companies.forEach((id, serial) => {
    const groups = companyGroups.assign(id);
    const region = cityOfAddress(seed, groups.address)[1];
    nodes[id - 1] = {
      id,
      kind: 'company',
      title: companyName(rngFor(seed, id, 'name')).shortName,
      key: legalInn(region, serial, seed),
      ogrn: ogrn(registrationYear(seed, id), region, serial, seed),
      category: rng.int(0, ACTIVITIES.length - 1),
      ...groups,
    };
  });
  // Its own generator: the choices below stay as they were.
  const nearDuplicates = plantNearDuplicates(seed, nodes, companies);
  const categoryOf = (id: number | undefined): number =>
    id !== undefined && rng.chance(0.7) ? (nodes[id - 1]?.category ?? 0) : rng.int(0, ACTIVITIES.length - 1);

  const keys = new UniqueKeys();
  const domainGroups = new DomainGroupAssigner(rng, ids.domain.length);
  for (const id of ids.domain) {
    const owner = pickOwner(0.88);
    const key = keys.claim(domainName(rng, IDN_DOMAINS));
    nodes[id - 1] = {
      id,
      kind: 'domain',
      title: domainTitle(rng, key, UPPER_DOMAIN_TITLES),
      key,
      owner,
      category: categoryOf(owner),
      ...domainGroups.assign(owner),
    };
    if (owner !== undefined) ownedBy(owner).domains.push(id);
  }

  const emailHost = new Map<number, number>();
  for (const id of ids.email) {
    const owner = pickOwner(0.7);
    const ownerDomains = owner === undefined ? [] : ownedBy(owner).domains;
    let host: number | undefined;
    if (ownerDomains.length > 0 && rng.chance(0.6)) host = rng.pick(ownerDomains);
    else if (owner === undefined && ids.domain.length > 0 && rng.chance(0.3)) host = rng.pick(ids.domain);
    const hostName = host === undefined ? mailProvider(rng) : (nodes[host - 1]?.key as string);
    let title = emailTitle(rng, hostName, UPPER_EMAIL_TITLES, PLUS_EMAILS);
    const key = keys.claim(title.toLowerCase());
    if (key !== title.toLowerCase()) title = key;
    nodes[id - 1] = { id, kind: 'email', title, key, owner };
    if (host !== undefined) emailHost.set(id, host);
    if (owner !== undefined) ownedBy(owner).emails.push(id);
  }

  ids.phone.forEach((id, serial) => {
    const owner = pickOwner(0.8);
    const key = mobilePhone(serial, seed);
    nodes[id - 1] = { id, kind: 'phone', title: key, key, owner };
    if (owner !== undefined) ownedBy(owner).phones.push(id);
  });

  for (const id of ids.branch) {
    const owner = pickOwner(1) as number;
    const address = companyGroups.freshAddress();
    const city = cityOfAddress(seed, address)[0];
    nodes[id - 1] = { id, kind: 'branch', title: `Филиал ${nodes[owner - 1]?.title ?? ''} в г. ${city}`, owner, address };
    ownedBy(owner).branches.push(id);
  }
  return { nodes, ids, owned, emailHost, nearDuplicates };
}
