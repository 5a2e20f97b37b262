import type { LandingKind, RelationField } from '../api/kinds.js';
import { isLandingKind } from '../api/kinds.js';
import type { MappedRecord } from '../graph/map-record.js';
import type { EmbeddedRef } from '../graph/pivots/index.js';
import type { CrawlFollow } from './options.js';

export interface ExpandPolicy {
  follow: ReadonlySet<CrawlFollow>;
  kinds: ReadonlySet<LandingKind>;
  /** Entries followed per list; undefined: all. */
  maxFanout: number | undefined;
}

export interface Expansion {
  /** Records to queue one level deeper, distinct, in list order. */
  children: { kind: LandingKind; id: number; key: string | null }[];
  /** Entities named in blocks to queue by natural key (--follow contacts,requisites), distinct. */
  byKey: { kind: LandingKind; key: string }[];
  /** Lists cut by maxFanout (the fan-out cut), with their full lengths. */
  cutLists: { field: RelationField; length: number }[];
}

/**
 * Which listed records a fetched record sends to the next level. Pure. Every entry still gets its
 * stub and edge (the mapping wrote them); this only decides what is fetched. Branches have no endpoint.
 */
export function expand(mapped: MappedRecord, embedded: readonly EmbeddedRef[], policy: ExpandPolicy): Expansion {
  const children: Expansion['children'] = [];
  const seen = new Set<string>();
  const takenPerList = new Map<RelationField, number>();
  for (const entry of mapped.entries) {
    if (!policy.follow.has(entry.group as CrawlFollow) || !isLandingKind(entry.kind) || !policy.kinds.has(entry.kind)) continue;
    const taken = takenPerList.get(entry.field) ?? 0;
    if (policy.maxFanout !== undefined && taken >= policy.maxFanout) continue;
    takenPerList.set(entry.field, taken + 1);
    const id = `${entry.kind}#${entry.id}`;
    if (seen.has(id)) continue;
    seen.add(id);
    children.push({ kind: entry.kind, id: entry.id, key: entry.key });
  }
  const cutLists: Expansion['cutLists'] = [];
  if (policy.maxFanout !== undefined) {
    for (const [field, length] of Object.entries(mapped.listLengths) as [RelationField, number][]) {
      if (length > policy.maxFanout) cutLists.push({ field, length });
    }
  }
  const byKey: Expansion['byKey'] = [];
  const known = new Set(children.map((c) => `${c.kind}:${c.key}`));
  for (const ref of embedded) {
    const group: CrawlFollow = /^(website|company)Contacts\./.test(ref.via) ? 'contacts' : 'requisites';
    const id = `${ref.kind}:${ref.key}`;
    if (!policy.follow.has(group) || !policy.kinds.has(ref.kind) || known.has(id)) continue;
    known.add(id);
    byKey.push({ kind: ref.kind, key: ref.key });
  }
  return { children, byKey, cutLists };
}
