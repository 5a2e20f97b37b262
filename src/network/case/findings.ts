import type { LandingKind } from '../../api/kinds.js';
import type { LandingRef } from '../../api/refs.js';
import { type Evidence, linksOf } from '../evidence.js';
import { type EvidenceKind, memberKey, type NetworkMember, type NetworkResult } from '../model.js';
import { type GroupTie, membersWhy } from '../why.js';
import { compareCodeUnits } from '../../order.js';

/**
 * The case file's findings (pure: no I/O): the networks that hold the export's seeds, described for a reader —
 * each member with its name and date, each identifier that ties members with the members it ties, the hubs that
 * touched the network and were ignored. Names and dates come from one lookup (CaseNames), made by read.ts, which
 * also says which networks (those `networks` wrote over the whole graph or a crawl).
 */

/** How the networks were found (shown in the report). */
export interface CaseNetworkParams {
  /** The seeds as the export names them (`company:7707083893`, `domain#42`). */
  seeds: string[];
  /** The export's depth (docs/scope.md): it narrows what the case file lists, never what a network is. */
  depth: number;
  /** Identifiers shared by more records than this are hubs (`networks --max-shared`). */
  maxShared: number;
}

export interface CaseMember {
  /** memberKey: `kind:key`, or `kind#id` for a record without a key. */
  ref: string;
  kind: LandingKind;
  id: number | null;
  key: string | null;
  name: string;
  /** A company's registration date or a domain's creation date (ISO text as stored), if known. */
  date: string | null;
  seed: boolean;
  /**
   * Why it is in: the ref of its strongest identifier tying it to another member (membersWhy, as `networks --json`
   * says; an own mailbox of `ownMailboxes` only when nothing else ties it); null only for a member the grouping
   * holds by ties this description does not list.
   */
  why: string | null;
}

export interface CaseIdentifier {
  /** identifierRef: the member's ref when the identifier is a member itself. */
  ref: string;
  kind: EvidenceKind;
  key: string;
  name: string;
  /** The refs of the members it ties, in member order. */
  members: string[];
}

export interface CaseHub {
  kind: EvidenceKind;
  key: string;
  name: string;
  /** Records of the graph tied to it. */
  shared: number;
  /** Members of this network tied to it. */
  members: number;
}

/** When `networks` computed a network, and over which scopes (`all`, `crawl:<id>`). */
export interface NetworkComputed {
  at: string;
  scopes: string[];
}

export interface CaseNetwork {
  id: string;
  /** When and over what `networks` wrote it; null for a network described without one (no :Network read). */
  computed: NetworkComputed | null;
  /** Its size when written (members since gone from the graph's evidence are not described). */
  sizeWritten: number | null;
  /** Rank by score among the networks found in the scope (1 = highest). */
  rank: number;
  size: number;
  score: number;
  members: CaseMember[];
  /** Strongest first, as the networks core orders them; without the members' own mailboxes (isOwnMailbox). */
  evidence: CaseIdentifier[];
  /** Member domains tied only to e-mail addresses at themselves: the same owner's mailbox, not a tie (left out). */
  ownMailboxes: CaseIdentifier[];
  /** Most shared first. */
  hubs: CaseHub[];
}

export interface CaseNetworks {
  params: CaseNetworkParams;
  /** Why no networks were computed (an --as-of export), else null. */
  skipped: string | null;
  /** The networks holding a seed, highest score first. */
  networks: CaseNetwork[];
  /** Seeds in no network. */
  alone: string[];
  /** Networks found in the scope that hold no seed. */
  others: number;
  /** The latest networks run over the whole graph or a crawl (null: never run, or not read). */
  latest: NetworkComputed | null;
  /** Hubs ignored in the whole scope. */
  hubs: number;
}

/** What the lookup found of a record or an identifier, by its ref. */
export interface CaseName {
  id: number | null;
  key: string | null;
  name: string | null;
  /** registrationDate (companies) or createdAt (domains). */
  date: string | null;
}
export type CaseNames = ReadonlyMap<string, CaseName>;

/** A node the lookup statement (cypher/export/network-names.cypher) is asked for. */
export interface NameRef {
  ref: string;
  pivot: boolean;
  kind: string;
  id: number | null;
  key: string | null;
}

/** The pivot kind of an evidence kind whose identifiers are pivots; records (company, domain, phone, e-mail) have none. */
const PIVOT_KIND: Partial<Record<EvidenceKind, string>> = {
  officer: 'person',
  address: 'address',
  ip: 'ip',
  nameServer: 'nameServer',
  mailServer: 'mailServer',
};

/** The ref of a seed in the lookup. */
export function seedRef(seed: LandingRef): string {
  return seed.id !== undefined ? `seed:${seed.kind}#${seed.id}` : `seed:${seed.kind}:${seed.key ?? ''}`;
}

/**
 * The ref of an identifier: `kind:key` (`kind#id` for a record known by page number), so an identifier that is a
 * record has the ref of that record as a member (memberKey).
 */
export function identifierRef(kind: EvidenceKind, key: string): string {
  return key.startsWith('#') ? `${kind}${key}` : `${kind}:${key}`;
}

/** A network's member as the lookup names it. */
export function memberRef(member: NetworkMember): NameRef {
  return { ref: memberKey(member), pivot: false, kind: member.kind, id: member.id, key: member.key };
}

/** An identifier as the lookup names it: a pivot by (kind, key), a record by key or `#id`. */
export function identifierNameRef(kind: EvidenceKind, key: string): NameRef {
  const pivotKind = PIVOT_KIND[kind];
  if (pivotKind !== undefined) return { ref: identifierRef(kind, key), pivot: true, kind: pivotKind, id: null, key };
  const byId = /^#(\d+)$/.exec(key);
  return { ref: identifierRef(kind, key), pivot: false, kind, id: byId ? Number(byId[1]) : null, key: byId ? null : key };
}

/** The seeds' refs for the lookup (which tells their ids and keys, so a seed given by OGRN meets its member). */
export function seedNameRefs(seeds: readonly LandingRef[]): NameRef[] {
  return seeds.map((s) => ({
    ref: seedRef(s),
    pivot: false,
    kind: s.kind,
    id: s.id ?? null,
    key: s.id !== undefined ? null : (s.key ?? null),
  }));
}

/** Whether a member is one of the seeds (by the id or key the lookup found for the seed, else as given). */
function isSeed(member: NetworkMember, seeds: readonly LandingRef[], names: CaseNames): boolean {
  return seeds.some((s) => {
    if (s.kind !== member.kind) return false;
    const found = names.get(seedRef(s));
    const id = found?.id ?? s.id ?? null;
    const key = found?.key ?? s.key ?? null;
    return (id !== null && id === member.id) || (key !== null && key === member.key);
  });
}

/** The networks of the result that hold a seed, given the seeds' lookup; the refs to name for them. */
export function seedNetworks(result: NetworkResult, seeds: readonly LandingRef[], names: CaseNames): NetworkResult['networks'] {
  return result.networks.filter((n) => n.members.some((m) => isSeed(m, seeds, names)));
}

/** What to look up for these networks: members, identifiers that tie them, hubs that touch them. */
export function namesToRead(networks: NetworkResult['networks'], hubs: NetworkResult['hubs'], evidence: Evidence): NameRef[] {
  const refs = new Map<string, NameRef>();
  const inNetworks = new Set<string>();
  for (const n of networks) {
    for (const m of n.members) {
      const ref = memberRef(m);
      refs.set(ref.ref, ref);
      inNetworks.add(ref.ref);
    }
    for (const e of n.evidence) refs.set(identifierRef(e.kind, e.key), identifierNameRef(e.kind, e.key));
  }
  const hubRefs = new Set(hubs.map((h) => identifierRef(h.kind, h.key)));
  evidence.keys.forEach((key, i) => {
    const kind = evidence.kinds[i] as EvidenceKind;
    const ref = identifierRef(kind, key);
    if (hubRefs.has(ref) && linksOf(evidence, i).members.some((m) => inNetworks.has(memberKey(evidence.members[m] as NetworkMember))))
      refs.set(ref, identifierNameRef(kind, key));
  });
  return [...refs.values()];
}

/**
 * Describe the seeds' networks: members (seeds first, then companies, domains, e-mails, phones, by name), the
 * identifiers tying two or more of them with which members they tie, and the hubs their members link to.
 */
export function describeCaseNetworks(
  evidence: Evidence,
  result: NetworkResult,
  seeds: readonly LandingRef[],
  names: CaseNames,
  params: CaseNetworkParams,
): CaseNetworks {
  const chosen = seedNetworks(result, seeds, names);
  const hubOf = new Map(result.hubs.map((h) => [identifierRef(h.kind, h.key), h]));
  // member ref -> identifier refs it links to (one entry per identifier)
  const identifiersOf = new Map<string, Set<string>>();
  evidence.keys.forEach((key, i) => {
    const ref = identifierRef(evidence.kinds[i] as EvidenceKind, key);
    for (const number of linksOf(evidence, i).members) {
      const m = memberKey(evidence.members[number] as NetworkMember);
      let set = identifiersOf.get(m);
      if (!set) identifiersOf.set(m, (set = new Set()));
      set.add(ref);
    }
  });
  const identifierAt = new Map(evidence.keys.map((key, i) => [identifierRef(evidence.kinds[i] as EvidenceKind, key), i]));
  const source = evidence;
  const nameOf = (ref: string, fallback: string) => names.get(ref)?.name ?? fallback;
  const networks = chosen.map((n): CaseNetwork => {
    const members = n.members
      .map(
        (m): CaseMember => ({
          ref: memberKey(m),
          kind: m.kind,
          id: m.id,
          key: m.key,
          name: nameOf(memberKey(m), m.key ?? `${m.kind} #${m.id ?? '?'}`),
          date: names.get(memberKey(m))?.date ?? null,
          seed: isSeed(m, seeds, names),
          why: null,
        }),
      )
      .sort(
        (a, b) =>
          Number(b.seed) - Number(a.seed) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || compareCodeUnits(a.name, b.name),
      );
    const evidence = n.evidence.map((e): CaseIdentifier => {
      const ref = identifierRef(e.kind, e.key);
      return { ref, kind: e.kind, key: e.key, name: identifierName(e.kind, e.key, names.get(ref)?.name ?? null), members: [] };
    });
    const byRef = new Map(evidence.map((e) => [e.ref, e]));
    const hubCounts = new Map<string, number>();
    for (const m of members) {
      for (const ref of identifiersOf.get(m.ref) ?? []) {
        byRef.get(ref)?.members.push(m.ref);
        if (hubOf.has(ref)) hubCounts.set(ref, (hubCounts.get(ref) ?? 0) + 1);
      }
    }
    const memberRefs = new Set(members.map((m) => m.ref));
    const hubs = [...hubCounts]
      // A member is never one of its own network's ignored hubs (a seed company that many sites name).
      .filter(([ref]) => !memberRefs.has(ref))
      .map(([ref, count]): CaseHub => {
        const h = hubOf.get(ref)!;
        return {
          kind: h.kind,
          key: h.key,
          name: identifierName(h.kind, h.key, names.get(ref)?.name ?? null),
          shared: h.shared,
          members: count,
        };
      })
      .sort((a, b) => b.shared - a.shared || compareCodeUnits(a.kind, b.kind) || compareCodeUnits(a.key, b.key));
    const [selfTies, ties] = partition(evidence, (e) => isOwnMailbox(e, members));
    // Why each member is in: its strongest tie (the networks core's membersWhy), a domain's own mailbox last.
    const placeOf = new Map(members.map((m, i) => [m.ref, i]));
    const groupTies = n.evidence.map((e): GroupTie => {
      const at = identifierAt.get(identifierRef(e.kind, e.key));
      const links = at === undefined ? { members: [], weights: [] } : linksOf(source, at);
      const inNetwork = links.members.map((number) => placeOf.get(memberKey(source.members[number] as NetworkMember)));
      return {
        kind: e.kind,
        key: e.key,
        members: inNetwork.filter((p) => p !== undefined),
        weights: links.weights.filter((_, i) => inNetwork[i] !== undefined),
      };
    });
    const ownMailboxes = new Set(selfTies.map((e) => e.ref));
    const why = membersWhy(
      members.map((m) => m.ref),
      groupTies,
      { demote: (t) => ownMailboxes.has(identifierRef(t.kind, t.key)) },
    );
    members.forEach((m, i) => {
      const w = why[i];
      m.why = w ? identifierRef(w.kind, w.key) : null;
    });
    return {
      id: n.id,
      computed: null,
      sizeWritten: null,
      rank: result.networks.indexOf(n) + 1,
      size: n.size,
      score: n.score,
      members,
      evidence: ties,
      ownMailboxes: selfTies,
      hubs,
    };
  });
  const inSome = (s: LandingRef) => networks.some((n) => n.members.some((m) => m.seed && isSeed(m, [s], names)));
  return {
    params,
    skipped: null,
    networks,
    alone: params.seeds.filter((_, i) => !inSome(seeds[i]!)),
    others: result.networks.length - networks.length,
    latest: null,
    hubs: result.hubs.length,
  };
}

/** No networks: why (shown where they would be). */
export function skippedCaseNetworks(params: CaseNetworkParams, reason: string): CaseNetworks {
  return { params, skipped: reason, networks: [], alone: [], others: 0, latest: null, hubs: 0 };
}

const KIND_ORDER: readonly string[] = ['company', 'domain', 'email', 'phone', 'branch'];

/** An identifier for people: a person's name with the INN their key holds, a company's title with its INN, else the value. */
export function identifierName(kind: EvidenceKind, key: string, name: string | null): string {
  const inn = /^inn:(\d+)$/.exec(key)?.[1];
  if (kind === 'officer') return inn ? `${name ?? key} (INN ${inn})` : (name ?? key.replace(/^name:/, ''));
  if (kind === 'company') return name && name !== key ? `${name} (${key})` : key;
  return name ?? key;
}

/**
 * A member domain whose only other members are e-mail addresses at it (`info@eco.net` at `eco.net`): the domain's
 * own mailbox, which says nothing about control; shown as a tie it reads as the member tied to itself.
 */
function isOwnMailbox(e: CaseIdentifier, members: readonly CaseMember[]): boolean {
  if (e.kind !== 'domain') return false;
  const byRef = new Map(members.map((m) => [m.ref, m]));
  const self = byRef.get(e.ref);
  if (self?.kind !== 'domain') return false;
  return e.members
    .filter((ref) => ref !== e.ref)
    .every((ref) => {
      const m = byRef.get(ref);
      return m?.kind === 'email' && (m.key ?? '').toLowerCase().endsWith(`@${(self.key ?? '').toLowerCase()}`);
    });
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}
