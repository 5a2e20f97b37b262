import type { LandingKind } from '../api/kinds.js';
import { SEVERITIES as FLAG_SEVERITIES, type Severity as FlagSeverity } from '../graph/flag-severity.js';
import { DEFAULT_MAX_SHARED } from '../graph/hub-bound.js';

/**
 * Networks: groups of records (companies, domains, e-mails, phones) tied by identifiers of common control.
 * The read step (cypher/network/evidence.cypher) returns one row per identifier with the members it ties, streamed
 * into the compact Evidence (evidence.ts); the pure core (networks.ts) groups the members; the writer stores the
 * groups as :Network nodes.
 */

/** A record that may belong to a network. `id` (page number) is null for a key-only stub, `key` for a record without one. */
export interface NetworkMember {
  kind: LandingKind;
  id: number | null;
  key: string | null;
}

/** A member's stable key: `kind:key`, or `kind#id` for a record without a key. */
export function memberKey(member: NetworkMember): string {
  return member.key !== null && member.key !== '' ? `${member.kind}:${member.key}` : `${member.kind}#${member.id ?? ''}`;
}

/**
 * The identifiers that tie records, with the relationships that give them (the names are what `evidence[].kind`
 * shows). `company`, `domain`, `phone` and `email` identifiers are records themselves: a record is tied to itself
 * (the `self` weight), so a company, the domains naming it and the companies it founded meet at one identifier.
 */
export const EVIDENCE_KINDS = ['officer', 'company', 'address', 'phone', 'email', 'domain', 'ip', 'nameServer', 'mailServer'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/**
 * Infrastructure a hosting customer shares with strangers: it strengthens a tie that other evidence makes, and
 * never joins two groups on its own (findNetworks builds groups from the other kinds only).
 */
export const WEAK_EVIDENCE: readonly EvidenceKind[] = ['ip', 'nameServer', 'mailServer'];

/**
 * Weight of one link of a record to an identifier, by the relationship that gives it. Identifiers of control
 * (officers, founders, registrant and requisites, contacts, the address) weigh most; infrastructure that
 * strangers share with a hosting customer (IP, name servers, mail servers) weighs little. Never evidence:
 * SIMILAR and COMPETITOR (the service's guesses about the market, not about control), registrars, technologies
 * and activities (shared by whole industries), social profiles (a link on a page, anyone can post it).
 */
export const EVIDENCE_WEIGHTS = {
  /** A record is the identifier (company, domain, phone, e-mail). */
  self: 1,
  /** HAS_OFFICER -> Person: a manager or founder. */
  officer: 1,
  /** HAS_OFFICER -> Company: a founding legal entity. */
  founderCompany: 1,
  /** NAMES_COMPANY: WhoIs registrant or site requisites name the company. */
  namesCompany: 1,
  /** SAME_AS between two companies or two officers: an analyst accepted the pair (`resolve --apply`). */
  sameAs: 1,
  /** RELATED between a Domain and a Company: the service lists the site with its company. */
  relatedCompany: 0.8,
  /** LISTS_CONTACT -> Phone / Email. */
  contact: 0.9,
  /** AT_DOMAIN: an e-mail address at a domain (webmail domains are hubs). */
  atDomain: 0.7,
  /** REGISTERED_AT -> Address (business centres house unrelated firms). */
  address: 0.7,
  /** RESOLVES_TO -> IP, USES_MAIL_SERVER, USES_NAME_SERVER: weak evidence. */
  ip: 0.3,
  mailServer: 0.3,
  nameServer: 0.2,
} as const;

export type EvidenceWeights = Record<keyof typeof EVIDENCE_WEIGHTS, number>;

/** One link of a member to an identifier (evidenceOf turns rows into Evidence; the tests write their fixtures so). */
export interface EvidenceRow {
  member: NetworkMember;
  evidenceKind: EvidenceKind;
  evidenceKey: string;
  weight: number;
  /** Records of the whole graph tied to the identifier (the record itself included), when known. */
  shared?: number | null;
}

export interface NetworkOptions {
  /** An identifier shared by more records than this ties nothing (a hub). */
  maxShared: number;
  /** Smaller groups are dropped. At least 2. */
  minSize: number;
  /** Components with more members than this are split by Louvain (if the split is worth it, see minModularity). */
  splitAbove: number;
  /** The modularity a Louvain partition needs to be kept. */
  minModularity: number;
  /** Louvain's resolution (below 1: fewer, larger communities). */
  resolution: number;
}

export const DEFAULT_MIN_SIZE = 2;
export const DEFAULT_SPLIT_ABOVE = 20;
export const DEFAULT_MIN_MODULARITY = 0.3;
/**
 * Louvain at 1 or 0.5 cut planted networks of the sandbox (17 records and their stubs) along their two officers;
 * 0.3 keeps every one whole and still cuts the weak bridge between two of them.
 */
export const DEFAULT_RESOLUTION = 0.3;

export const DEFAULT_NETWORK_OPTIONS: NetworkOptions = {
  maxShared: DEFAULT_MAX_SHARED,
  minSize: DEFAULT_MIN_SIZE,
  splitAbove: DEFAULT_SPLIT_ABOVE,
  minModularity: DEFAULT_MIN_MODULARITY,
  resolution: DEFAULT_RESOLUTION,
};

export interface NetworkEvidence {
  kind: EvidenceKind;
  key: string;
  /** Members of this network tied to the identifier. */
  members: number;
}

/**
 * Why a member is in its network: its strongest direct tie to the other members (why.ts, membersWhy) — the identifier
 * with the highest weight among those tying it to at least one other member (strong evidence before weak).
 */
export interface MemberWhy {
  /** The identifier (`evidence[].kind` and `key`). */
  kind: EvidenceKind;
  key: string;
  /** The weight of the tie: the weaker of its link and the closest other member's link to the identifier. */
  weight: number;
  /** The member's only ties inside the network are weak evidence (WEAK_EVIDENCE: IP, name or mail server). */
  weak: boolean;
  /** Up to 3 other members the identifier ties it to (memberKey), strongest tie first, then by key. */
  to: string[];
  /** How many other members the identifier ties it to (`to` names the first few). */
  others: number;
}

/** A member as a network reports it: the record and why it is in (null: no tie inside the network, never expected). */
export interface ReportedMember extends NetworkMember {
  why: MemberWhy | null;
  /** Its current red flags' rules, highest score first (empty until rankByFlags, or when it has none). */
  flags: string[];
  /** With a current `listed` flag: the watch lists it (or a current officer of it) is on; else absent. */
  lists?: string[];
}

export interface Network {
  /** `net-` and 12 hex digits of the SHA-256 of the sorted member keys: the same members, the same id. */
  id: string;
  size: number;
  score: number;
  members: ReportedMember[];
  /** Identifiers tying two or more members, strongest first. */
  evidence: NetworkEvidence[];
  /** Members with a current red flag, counted by the highest severity each has (all 0 until rankByFlags). */
  flagged: FlaggedCounts;
  /**
   * Its place among every network of the scope it was computed over, 1 first (rankByFlags). A listing of the networks
   * of some seeds shows the seeds' own first, so its order is not the rank. Absent until ranked: then the order is.
   */
  rank?: number;
}

/**
 * Members with current red flags (`landing-graph flags`), each counted once, at its highest severity; and `listed`,
 * those among them with a current `listed` flag (on a watch list, or a current officer is: `landing-graph screen`).
 */
export interface FlaggedCounts {
  high: number;
  medium: number;
  low: number;
  listed: number;
}

/** The rule `screen` flags listed companies by (cypher/flags/rules/listed.cypher): a network holding one ranks first. */
export const LISTED_RULE = 'listed';

export { FLAG_SEVERITIES, type FlagSeverity };

/** One current red flag of a member, as `landing-graph flags` wrote it. */
export interface MemberFlag {
  rule: string;
  severity: FlagSeverity;
  score: number;
  /** The `listed` rule's: the watch lists the member or a current officer of it is on (read beside the flag). */
  lists?: readonly string[];
}

export interface Hub {
  kind: EvidenceKind;
  key: string;
  /** Records tied to it (in the graph, or in the scope when larger). */
  shared: number;
}

export interface NetworkResult {
  /** Highest score first (findNetworks); rankByFlags puts the most flagged first. */
  networks: Network[];
  /** Identifiers ignored: shared by more than maxShared records, or listed public infrastructure; most shared first. */
  hubs: Hub[];
  /** Components split by Louvain (how many, for the report). */
  split: number;
}
