import type { Rng } from './prng.js';
import { NAME_SERVER_PAIRS, PUBLIC_MX, REGISTRARS } from './vocab.js';

/**
 * Which domains and companies share an identifier. Each assigner hands out group numbers; the values
 * behind the numbers are in shared-values.ts. The shares below are what an investigator finds in a graph.
 */

export interface DomainGroups {
  ip: number;
  ns: number;
  registrar: number;
  mx: number;
}

/** Shared identifiers of domains: IP (same owner or shared hosting), name servers, registrar, MX. */
export class DomainGroupAssigner {
  private nextIp: number;
  private nextNs: number;
  private nextMx: number;
  private readonly ipPool: number;
  private readonly nsPool: number;
  private readonly ownerIp = new Map<number, number>();
  private readonly ownerMx = new Map<number, number>();

  constructor(
    private readonly rng: Rng,
    domainCount: number,
  ) {
    this.ipPool = Math.max(2, Math.round(domainCount / 50));
    this.nsPool = NAME_SERVER_PAIRS.length + Math.round(domainCount / 80);
    this.nextIp = this.ipPool;
    this.nextNs = this.nsPool;
    this.nextMx = PUBLIC_MX.length;
  }

  assign(owner: number | undefined): DomainGroups {
    const rng = this.rng;
    let ip: number;
    const u = rng.float();
    if (owner !== undefined && u < 0.35) ip = this.perOwner(this.ownerIp, owner, () => this.nextIp++);
    else if (u < 0.43) ip = rng.int(0, this.ipPool - 1);
    else ip = this.nextIp++;
    // Popular DNS hosting first: a skewed pick from the pool, a quarter run their own name servers.
    const ns = rng.chance(0.25) ? this.nextNs++ : Math.floor(this.nsPool * rng.float() ** 2);
    const registrar = Math.floor(REGISTRARS.length * rng.float() ** 1.5);
    const v = rng.float();
    let mx: number;
    if (v < 0.35) mx = rng.int(0, PUBLIC_MX.length - 1);
    else if (owner !== undefined && v < 0.75) mx = this.perOwner(this.ownerMx, owner, () => this.nextMx++);
    else mx = this.nextMx++;
    return { ip, ns, registrar, mx };
  }

  private perOwner(map: Map<number, number>, owner: number, fresh: () => number): number {
    let group = map.get(owner);
    if (group === undefined) map.set(owner, (group = fresh()));
    return group;
  }
}

export interface CompanyGroups {
  address: number;
  manager: number;
  /** Person groups, or -companyId for a founding company. */
  founders: number[];
}

/** Number of "mass" registration addresses and nominee directors (the classic shell-company signals). */
export const MASS_ADDRESSES = 3;
export const NOMINEE_PERSONS = 3;

/** Shared identifiers of companies: registration address, manager, founders (persons or companies). */
export class CompanyGroupAssigner {
  private nextAddress = MASS_ADDRESSES;
  private nextPerson = NOMINEE_PERSONS;
  private readonly addresses: number[] = [];
  private readonly persons: number[] = [];
  private readonly companies: number[] = [];

  constructor(private readonly rng: Rng) {}

  /** Groups of the next company; `id` is its page number (other companies may name it a founder). */
  assign(id: number): CompanyGroups {
    const rng = this.rng;
    let address: number;
    const u = rng.float();
    if (u < 0.04) address = rng.int(0, MASS_ADDRESSES - 1);
    else if (u < 0.12 && this.addresses.length > 0) address = rng.pick(this.addresses);
    else address = this.nextAddress++;
    let manager: number;
    const v = rng.float();
    if (v < 0.03) manager = rng.int(0, NOMINEE_PERSONS - 1);
    else if (v < 0.13 && this.persons.length > 0) manager = rng.pick(this.persons);
    else manager = this.nextPerson++;
    const founders: number[] = [];
    const count = rng.chance(0.3) ? 2 : 1;
    for (let i = 0; i < count; i++) {
      const w = rng.float();
      let founder: number;
      if (w < 0.15 && this.companies.length > 0) founder = -rng.pick(this.companies);
      else if (w < 0.6) founder = manager;
      else if (w < 0.7 && this.persons.length > 0) founder = rng.pick(this.persons);
      else founder = this.nextPerson++;
      if (!founders.includes(founder)) founders.push(founder);
    }
    this.addresses.push(address);
    this.persons.push(manager);
    this.companies.push(id);
    return { address, manager, founders };
  }

  /** A fresh address group (branches have addresses of their own). */
  freshAddress(): number {
    return this.nextAddress++;
  }
}
