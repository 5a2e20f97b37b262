import type { FollowGroup, LandingKind, RelationField } from '../api/kinds.js';
import { isLandingKind } from '../api/kinds.js';
import type { MappedRecord } from '../graph/map-record.js';

export interface ExpandPolicy {
  follow: ReadonlySet<FollowGroup>;
  kinds: ReadonlySet<LandingKind>;
  /** Entries followed per list; undefined: all. */
  maxFanout: number | undefined;
}

export interface Expansion {
  /** Records to queue one level deeper, distinct, in list order. */
  children: { kind: LandingKind; id: number; key: string | null }[];
  /** Lists cut by maxFanout, with their full lengths. */
  hubLists: { field: RelationField; length: number }[];
}

/**
 * Which listed records a fetched record sends to the next level. Pure. Every entry still gets its
 * stub and edge (the mapping wrote them); this only decides what is fetched. Branches have no endpoint.
 */
export function expand(mapped: MappedRecord, policy: ExpandPolicy): Expansion {
  const children: Expansion['children'] = [];
  const seen = new Set<string>();
  const takenPerList = new Map<RelationField, number>();
  for (const entry of mapped.entries) {
    if (!policy.follow.has(entry.group) || !isLandingKind(entry.kind) || !policy.kinds.has(entry.kind)) continue;
    const taken = takenPerList.get(entry.field) ?? 0;
    if (policy.maxFanout !== undefined && taken >= policy.maxFanout) continue;
    takenPerList.set(entry.field, taken + 1);
    const id = `${entry.kind}#${entry.id}`;
    if (seen.has(id)) continue;
    seen.add(id);
    children.push({ kind: entry.kind, id: entry.id, key: entry.key });
  }
  const hubLists: Expansion['hubLists'] = [];
  if (policy.maxFanout !== undefined) {
    for (const [field, length] of Object.entries(mapped.listLengths) as [RelationField, number][]) {
      if (length > policy.maxFanout) hubLists.push({ field, length });
    }
  }
  return { children, hubLists };
}
