import type { LandingKind } from '../../api/kinds.js';
import { emailDomain, MAX_INDEXED_CHARS } from '../../api/keys.js';
import type { NodeRow, PropertyValue } from '../model.js';
import { captionOf } from '../caption.js';
import { canonicalIp } from './ip.js';
import { isMeaningful } from './meaningful.js';
import { mergePivotBatches } from './merge.js';
import {
  PIVOT_KINDS,
  type KeyLinkRelation,
  type KeyLinkRow,
  type OfficerRole,
  type PivotBatch,
  type PivotKind,
  type PivotSelf,
} from './model.js';
import { emailKey, hostKey, innKey, ogrnKey, phoneKey, pivotKey } from './normalize.js';

/** Extra facts of a person or activity pivot and of its link. */
export interface PivotExtra {
  name?: string | null;
  inn?: string | null;
  ogrn?: string | null;
  role?: OfficerRole;
  post?: string | null;
  main?: boolean;
}

/**
 * Gathers what one record's blocks name, one row per mention, and merges them on build(). The
 * extractors (domain.ts, company.ts) call it; it knows the fixed tables, they know the fields.
 */
export class PivotCollector {
  private readonly batch: PivotBatch = { pivots: [], links: [], keyStubs: [], keyLinks: [], embedded: [], companyNumbers: [] };

  constructor(private readonly self: PivotSelf) {}

  /** The page number of the record the pivots are taken from. */
  get selfId(): number {
    return this.self.id;
  }

  /** Pivots of `kind` named in field `via` (a string or a list of them); nothing for what identifies nothing. */
  values(kind: Exclude<PivotKind, 'person'>, found: unknown, via: string, extra: PivotExtra = {}): void {
    for (const value of strings(found)) {
      const key = pivotKey(kind, value);
      if (key !== undefined) this.pivot(kind, key, value, via, extra);
    }
  }

  /** A pivot whose key the caller made (persons). */
  pivot(kind: PivotKind, key: string, value: string, via: string, extra: PivotExtra = {}): void {
    // Longer than an index holds: no name, address or host is, and a cut one could tie records that share only
    // its first pages.
    if (key.length > MAX_INDEXED_CHARS || value.length > MAX_INDEXED_CHARS) return;
    const inn = extra.inn && extra.inn.length <= MAX_INDEXED_CHARS ? extra.inn : null;
    this.batch.pivots.push({ kind, key, value, name: extra.name ?? null, inn, ogrn: extra.ogrn ?? null });
    const post = isMeaningful(extra.post) ? extra.post.trim() : undefined;
    this.batch.links.push({
      type: PIVOT_KINDS[kind].relation,
      fromKind: this.self.kind,
      fromId: this.self.id,
      pivotKind: kind,
      pivotKey: key,
      via: [via],
      role: extra.role ?? null,
      posts: post ? [post] : [],
      main: extra.main ?? null,
    });
  }

  /** Phones (field `via`) as LISTS_CONTACT links to Phone nodes. */
  phones(found: unknown, via: string): void {
    for (const value of strings(found)) this.landing('phone', phoneKey(value), 'LISTS_CONTACT', via);
  }

  /** E-mail addresses (field `via`) as LISTS_CONTACT links to Email nodes. */
  emails(found: unknown, via: string): void {
    for (const value of strings(found)) this.landing('email', emailKey(value), 'LISTS_CONTACT', via);
  }

  /**
   * Company numbers of one block as NAMES_COMPANY links to Company nodes, keyed as the Landing keys
   * are: by INN. The block's OGRNs count only when it gives no valid INN: a block that gives both is
   * taken to give them for the same organization, which must not become two nodes; when it gives
   * exactly one of each, they are also noted as one company's pair (numbers()).
   */
  companies(inns: { found: unknown; via: string }, ogrns: { found: unknown; via: string }): void {
    const byInn = strings(inns.found).map(innKey);
    const byOgrn = strings(ogrns.found).map(ogrnKey);
    const validInns = byInn.filter((key) => key !== undefined);
    const validOgrns = byOgrn.filter((key) => key !== undefined);
    const useInns = validInns.length > 0;
    const via = useInns ? inns.via : ogrns.via;
    for (const key of useInns ? byInn : byOgrn) this.landing('company', key, 'NAMES_COMPANY', via);
    if (new Set(validInns).size === 1 && new Set(validOgrns).size === 1) this.numbers(validInns[0], validOgrns[0]);
  }

  /**
   * A company named as an officer (manager, founder, predecessor, successor) of the record's company:
   * a HAS_OFFICER link with its role and post to the Company node keyed by `inn` else `ogrn`, a key-only
   * stub showing `name` until the company is fetched. Not an embedded reference: no --follow group
   * fetches officers.
   */
  officerCompany(
    company: { inn?: string; ogrn?: string; name: string | null },
    via: string,
    role: OfficerRole,
    post?: string | null,
  ): void {
    const key = company.inn ?? company.ogrn;
    if (key === undefined) return;
    const props: Record<string, PropertyValue> = {};
    if (company.inn !== undefined) props.inn = company.inn;
    if (company.ogrn !== undefined) props.ogrn = company.ogrn;
    const caption = captionOf('company', company.name, key);
    if (caption !== undefined) props.caption = caption;
    this.batch.keyStubs.push({ ...keyStub('company', key), title: company.name, props });
    const trimmed = isMeaningful(post) ? post.trim() : undefined;
    this.batch.keyLinks.push({
      ...keyLink('HAS_OFFICER', this.self, 'company', key, via),
      role,
      posts: trimmed ? [trimmed] : [],
    });
    this.numbers(company.inn, company.ogrn);
  }

  /** The record states that `inn` and `ogrn` are one company (both valid keys). */
  numbers(inn: string | undefined, ogrn: string | undefined): void {
    if (inn !== undefined && ogrn !== undefined) this.batch.companyNumbers.push({ inn, ogrn });
  }

  /**
   * An e-mail record's address: AT_DOMAIN to the Domain node of its domain part (a key-only stub until
   * the domain is known; not an embedded reference, so no crawl fetches it).
   */
  emailAtDomain(emailKey: string | null): void {
    const domain = emailKey === null ? undefined : emailDomain(emailKey);
    const key = domain === undefined ? undefined : hostKey(domain);
    // An address at an IP literal or a bare name has no Domain record.
    if (key === undefined || canonicalIp(key) || !/^[^\s[\]:]+\.[^\s[\]:.]+$/u.test(key)) return;
    this.batch.keyStubs.push(keyStub('domain', key));
    this.batch.keyLinks.push(keyLink('AT_DOMAIN', this.self, 'domain', key, 'title'));
  }

  private landing(kind: LandingKind, key: string | undefined, type: KeyLinkRelation, via: string): void {
    if (key === undefined) return;
    this.batch.keyStubs.push(keyStub(kind, key));
    this.batch.keyLinks.push(keyLink(type, this.self, kind, key, via));
    this.batch.embedded.push({ kind, key, via });
  }

  build(): PivotBatch {
    return mergePivotBatches([this.batch]);
  }
}

function keyLink(type: KeyLinkRelation, self: PivotSelf, toKind: LandingKind, toKey: string, via: string): KeyLinkRow {
  return { type, fromKind: self.kind, fromId: self.id, toKind, toKey, via: [via], role: null, posts: [] };
}

/** A Landing node known only by its key, as cypher/upsert-nodes-by-key.cypher creates it. */
function keyStub(kind: LandingKind, key: string): NodeRow {
  const caption = captionOf(kind, null, key);
  const props: Record<string, PropertyValue> = caption === undefined ? {} : { caption };
  return { kind, id: null, key, status: 'stub', title: null, href: null, provider: null, raw: null, props, error: null };
}

/** The strings of a field that holds a string or a list of them (anything else: none). */
function strings(found: unknown): string[] {
  if (typeof found === 'string') return [found];
  return Array.isArray(found) ? found.filter((v): v is string => typeof v === 'string') : [];
}
