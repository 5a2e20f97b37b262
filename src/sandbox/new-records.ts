import type { LandingKind } from '../api/kinds.js';
import type { SkeletonNode } from './graph-types.js';
import { legalInn, mobilePhone, ogrn } from './identifiers.js';
import { companyName, domainName, mailProvider } from './naming.js';
import { rngFor } from './prng.js';
import { ACTIVITIES } from './records/vocab-records.js';
import { cityOfAddress, registrationYear } from './shared-values.js';
import { NAME_SERVER_PAIRS, PUBLIC_MX, REGISTRARS, ROLE_MAILBOXES } from './vocab.js';

export interface NewNodeContext {
  /** Whether a record of `kind` already has this key (or, for companies, OGRN), gone records included. */
  taken(kind: LandingKind, key: string): boolean;
  /** Group numbers whose values no other record shows: k = 0 (IP, address) and 1 (manager). */
  freshGroup(k: 0 | 1): number;
}

/** Serials of new companies and phones: far above the generated ones (which count from 0). */
const COMPANY_SERIAL_BASE = 9_000_000;
const PHONE_SERIAL_BASE = 500_000_000;

/**
 * The skeleton node of a record added by an evolution: a company, domain, e-mail or phone like the
 * generated ones (unique key, shared-identifier groups, an owner when its lister is a company), so
 * records/ builds its full body as for any other. Deterministic from (seed, generation, id).
 */
export function newSkeletonNode(
  seed: number,
  generation: number,
  kind: LandingKind,
  id: number,
  lister: SkeletonNode,
  ctx: NewNodeContext,
): SkeletonNode {
  const rng = rngFor(seed, id, `new-record-${generation}`);
  const owner = lister.kind === 'company' ? lister.id : undefined;
  const unique = (candidates: readonly string[]): string => {
    const key = candidates.find((k) => !ctx.taken(kind, k));
    if (key === undefined) throw new Error(`new ${kind} ${id}: every candidate key is taken`);
    return key;
  };
  switch (kind) {
    case 'company': {
      const address = ctx.freshGroup(0);
      const manager = ctx.freshGroup(1);
      const region = cityOfAddress(seed, address)[1];
      const serials = [0, 1, 2].map((k) => COMPANY_SERIAL_BASE + ((id + k * 333_331) % 1_000_000));
      const serial = serials.find((s) => !ctx.taken('company', legalInn(region, s, seed))) ?? (serials[0] as number);
      return {
        id,
        kind,
        // records/company.ts draws the company's names from this generator too, so fullName and opf match.
        title: companyName(rngFor(seed, id, 'name')).shortName,
        key: unique([legalInn(region, serial, seed)]),
        ogrn: ogrn(registrationYear(seed, id), region, serial, seed),
        category: rng.int(0, ACTIVITIES.length - 1),
        address,
        manager,
        founders: [manager],
      };
    }
    case 'domain': {
      const name = domainName(rng, 0);
      const dot = name.lastIndexOf('.');
      const key = unique([name, `${name.slice(0, dot)}-${id}${name.slice(dot)}`, `new-${id}-${generation}.example`]);
      return {
        id,
        kind,
        title: key,
        key,
        owner,
        category: lister.category ?? rng.int(0, ACTIVITIES.length - 1),
        ip: ctx.freshGroup(0),
        ns: rng.int(0, NAME_SERVER_PAIRS.length - 1),
        registrar: rng.int(0, REGISTRARS.length - 1),
        mx: rng.int(0, PUBLIC_MX.length - 1),
      };
    }
    case 'email': {
      const host = lister.kind === 'domain' && lister.key ? lister.key : mailProvider(rng);
      const local = rng.pick(ROLE_MAILBOXES);
      const key = unique([`${local}@${host}`, `${local}${id}@${host}`, `new-${id}-${generation}@${host}`]);
      return { id, kind, title: key, key, owner };
    }
    case 'phone': {
      const key = unique([0, 1, 2].map((k) => mobilePhone(PHONE_SERIAL_BASE + ((id + k * 33_333_331) % 400_000_000), seed)));
      return { id, kind, title: key, key, owner };
    }
  }
}
