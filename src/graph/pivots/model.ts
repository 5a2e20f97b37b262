/**
 * Pivots: the values inside the detailed blocks of fetched records that tie entities together although
 * the service does not list the tie outright (shared-value analysis as in BloodHound, ICIJ Offshore Leaks
 * or FollowTheMoney). This is a public contract; queries and other tools rely on every name below.
 *
 * Pivot nodes: label `Pivot` plus the label of their kind; properties `kind`, `key` (normalized, unique
 * per kind: constraint `pivot_kind_key` on (kind, key)), `value` (display form as first seen, verbatim),
 * firstSeenAt, lastSeenAt, and for persons `name`, `inn`, `ogrn`, for activities `name`.
 *
 * | kind          | label         | key                                        | from (via)                                                                  | relationship      |
 * |---------------|---------------|--------------------------------------------|-----------------------------------------------------------------------------|-------------------|
 * | ip            | IP            | IPv4 dotted / IPv6 RFC 5952, lower-case     | dns.a, dns.aWww, dns.aaaa, dns.aaaaWww, websiteResponseHeaders.hostIp       | RESOLVES_TO       |
 * | nameServer    | NameServer    | host, lower-case, no trailing dot           | dns.ns, whoIs.dnsServers, dns.soaPrimaryNameServer                          | USES_NAME_SERVER  |
 * | mailServer    | MailServer    | host (MX priority stripped)                 | dns.mx                                                                      | USES_MAIL_SERVER  |
 * | registrar     | Registrar     | folded name                                 | whoIs.registrar                                                             | REGISTERED_WITH   |
 * | technology    | Technology    | folded name                                 | websiteTechnologies.technologies (name)                                     | USES_TECHNOLOGY   |
 * | person        | Person        | `inn:<INN>`, else `name:<folded>@company#<id>` | companyManagersAndFounders.managers/.founders, companyPredecessorsAndSuccessors.predecessors/.successors | HAS_OFFICER |
 * | address       | Address       | folded address without postal code          | companyInfo.registrationAddress                                             | REGISTERED_AT     |
 * | socialProfile | SocialProfile | host/path: no scheme, www., query, slash    | websiteContacts.socialLinks                                                 | HAS_PROFILE       |
 * | activity      | Activity      | OKVED code                                  | companyRequisites.mainOkved, companyRequisites.otherOkveds                  | HAS_ACTIVITY      |
 *
 * Relationships run from the record's Landing node (matched by {kind, id}) to the pivot, one per
 * (landing, pivot, type), and for HAS_OFFICER one per role: (landing, officer, role). Every one carries
 * firstSeenAt, lastSeenAt and `via` (the source fields the latest answer named it in, sorted); HAS_OFFICER
 * also `role` (manager, founder, predecessor or successor) and `posts` (the latest answer's, sorted);
 * HAS_ACTIVITY also `main` (the latest answer's word). A role the latest answer no longer states is
 * retired like any link (removedAt, cypher/history/retire-unseen.cypher), so history keeps it with dates.
 *
 * Entities with an endpoint of their own, named inside blocks, link to Landing nodes by (kind, key),
 * created as key-only stubs when no node holds the key yet:
 * | source                                                             | target  | relationship  |
 * |--------------------------------------------------------------------|---------|---------------|
 * | websiteContacts.phoneNumbers, companyContacts.phoneNumbers          | Phone   | LISTS_CONTACT |
 * | websiteContacts.validEmails, companyContacts.emails                 | Email   | LISTS_CONTACT |
 * | websiteRequisites.inns/.ogrns, whoIs.inn/.ogrn                      | Company | NAMES_COMPANY |
 * | officers that are organizations (company.ts, isOrganization)        | Company | HAS_OFFICER   |
 * | an e-mail record's own key (its domain part)                        | Domain  | AT_DOMAIN     |
 * All carry `via`, firstSeenAt and lastSeenAt; HAS_OFFICER also `role` and `posts`, one link per role. A block that gives an
 * INN never also gives an OGRN key. An INN and OGRN stated together (CompanyNumbers) are one company: a
 * stub keyed by the OGRN is folded into the node keyed by the INN (resolveCompanyNumbers).
 * A stub is folded into the record that later turns out to hold its key (adoptKeyStubs in
 * src/store/pivot-writer.ts), keeping its links.
 *
 * Labels and relationship types come from the tables here and in cypher/pivots/*.cypher, never from data.
 */
import type { LandingKind } from '../../api/kinds.js';
import type { NodeRow } from '../model.js';

/** Label and relationship type of each pivot kind (the fixed table). */
export const PIVOT_KINDS = {
  ip: { label: 'IP', relation: 'RESOLVES_TO' },
  nameServer: { label: 'NameServer', relation: 'USES_NAME_SERVER' },
  mailServer: { label: 'MailServer', relation: 'USES_MAIL_SERVER' },
  registrar: { label: 'Registrar', relation: 'REGISTERED_WITH' },
  technology: { label: 'Technology', relation: 'USES_TECHNOLOGY' },
  person: { label: 'Person', relation: 'HAS_OFFICER' },
  address: { label: 'Address', relation: 'REGISTERED_AT' },
  socialProfile: { label: 'SocialProfile', relation: 'HAS_PROFILE' },
  activity: { label: 'Activity', relation: 'HAS_ACTIVITY' },
} as const satisfies Record<string, { label: string; relation: string }>;

export type PivotKind = keyof typeof PIVOT_KINDS;
export type PivotRelation = (typeof PIVOT_KINDS)[PivotKind]['relation'];
export const PIVOT_KIND_NAMES = Object.keys(PIVOT_KINDS) as PivotKind[];

/**
 * Relationships from a record to Landing nodes named in its blocks (or, for AT_DOMAIN, in its own key).
 * HAS_OFFICER here is a company that manages, founded, preceded or succeeded the record's company.
 */
export const KEY_LINK_RELATIONS = ['LISTS_CONTACT', 'NAMES_COMPANY', 'HAS_OFFICER', 'AT_DOMAIN'] as const;
export type KeyLinkRelation = (typeof KEY_LINK_RELATIONS)[number];

/** Roles of a person towards a company (HAS_OFFICER.role), by the list that names them. */
export type OfficerRole = 'manager' | 'founder' | 'predecessor' | 'successor';

/** The record the pivots were taken from: its Landing node. */
export interface PivotSelf {
  kind: LandingKind;
  id: number;
}

/** One pivot node to upsert; name/inn/ogrn only for persons (name also for activities), else null. */
export interface PivotRow {
  kind: PivotKind;
  key: string;
  value: string;
  name: string | null;
  inn: string | null;
  ogrn: string | null;
}

/** (Landing {fromKind, fromId})-[type]->(Pivot {pivotKind, pivotKey}). `type` is PIVOT_KINDS[pivotKind].relation. */
export interface PivotLinkRow {
  type: PivotRelation;
  fromKind: LandingKind;
  fromId: number;
  pivotKind: PivotKind;
  pivotKey: string;
  /** Source fields, sorted, distinct. */
  via: string[];
  /** HAS_OFFICER only (else null): one link per role. */
  role: OfficerRole | null;
  /** HAS_OFFICER only (else empty): the posts named with this role, sorted, distinct. */
  posts: string[];
  /** HAS_ACTIVITY only (else null). */
  main: boolean | null;
}

/** (Landing {fromKind, fromId})-[type {via}]->(Landing {toKind, toKey}). */
export interface KeyLinkRow {
  type: KeyLinkRelation;
  fromKind: LandingKind;
  fromId: number;
  toKind: LandingKind;
  toKey: string;
  via: string[];
  /** HAS_OFFICER only (else null and empty), as on PivotLinkRow. */
  role: OfficerRole | null;
  posts: string[];
}

/**
 * A record states that this INN and this OGRN are one company (a company's own requisites, a founder
 * entry, a block giving one of each): a key-only stub keyed by the OGRN is folded into the node keyed
 * by the INN (src/store/pivot-writer.ts, resolveCompanyNumbers).
 */
export interface CompanyNumbers {
  inn: string;
  ogrn: string;
}

/** A Landing entity named inside a block, which a crawl may fetch (--follow contacts,requisites). */
export interface EmbeddedRef {
  kind: LandingKind;
  key: string;
  via: string;
}

/** What one fetched record contributes to the pivot layer. */
export interface PivotBatch {
  pivots: PivotRow[];
  links: PivotLinkRow[];
  /** Key-only Landing stubs (id null, status 'stub') for the keyLinks' targets; written by writeGraph. */
  keyStubs: NodeRow[];
  keyLinks: KeyLinkRow[];
  /** One per distinct (kind, key, via), in the order first named. */
  embedded: EmbeddedRef[];
  /** INN/OGRN pairs the record states, one per distinct pair. */
  companyNumbers: CompanyNumbers[];
}
