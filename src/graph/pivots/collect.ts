import type { LandingKind } from '../../api/kinds.js';
import type { NodeRow } from '../model.js';
import { isMeaningful } from './meaningful.js';
import { mergePivotBatches } from './merge.js';
import { PIVOT_KINDS, type KeyLinkRelation, type OfficerRole, type PivotBatch, type PivotKind, type PivotSelf } from './model.js';
import { emailKey, innKey, ogrnKey, phoneKey, pivotKey } from './normalize.js';

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
  private readonly batch: PivotBatch = { pivots: [], links: [], keyStubs: [], keyLinks: [], embedded: [] };

  constructor(private readonly self: PivotSelf) {}

  /** Pivots of `kind` named in field `via` (a string or a list of them); nothing for what identifies nothing. */
  values(kind: Exclude<PivotKind, 'person'>, found: unknown, via: string, extra: PivotExtra = {}): void {
    for (const value of strings(found)) {
      const key = pivotKey(kind, value);
      if (key !== undefined) this.pivot(kind, key, value, via, extra);
    }
  }

  /** A pivot whose key the caller made (persons). */
  pivot(kind: PivotKind, key: string, value: string, via: string, extra: PivotExtra = {}): void {
    this.batch.pivots.push({ kind, key, value, name: extra.name ?? null, inn: extra.inn ?? null, ogrn: extra.ogrn ?? null });
    const post = isMeaningful(extra.post) ? extra.post.trim() : undefined;
    this.batch.links.push({
      type: PIVOT_KINDS[kind].relation,
      fromKind: this.self.kind,
      fromId: this.self.id,
      pivotKind: kind,
      pivotKey: key,
      via: [via],
      roles: extra.role ? [extra.role] : [],
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
   * taken to give them for the same organization, which must not become two nodes.
   */
  companies(inns: { found: unknown; via: string }, ogrns: { found: unknown; via: string }): void {
    const byInn = strings(inns.found).map(innKey);
    const useInns = byInn.some((key) => key !== undefined);
    const { found, via } = useInns ? inns : ogrns;
    for (const key of useInns ? byInn : strings(found).map(ogrnKey)) this.landing('company', key, 'NAMES_COMPANY', via);
  }

  private landing(kind: LandingKind, key: string | undefined, type: KeyLinkRelation, via: string): void {
    if (key === undefined) return;
    this.batch.keyStubs.push(keyStub(kind, key));
    this.batch.keyLinks.push({ type, fromKind: this.self.kind, fromId: this.self.id, toKind: kind, toKey: key, via: [via] });
    this.batch.embedded.push({ kind, key, via });
  }

  build(): PivotBatch {
    return mergePivotBatches([this.batch]);
  }
}

/** A Landing node known only by its key, as cypher/upsert-nodes-by-key.cypher creates it. */
function keyStub(kind: LandingKind, key: string): NodeRow {
  return { kind, id: null, key, status: 'stub', title: null, href: null, provider: null, raw: null, props: {}, error: null };
}

/** The strings of a field that holds a string or a list of them (anything else: none). */
function strings(found: unknown): string[] {
  if (typeof found === 'string') return [found];
  return Array.isArray(found) ? found.filter((v): v is string => typeof v === 'string') : [];
}
