import { LANDING_KINDS, type LandingKind } from '../api/kinds.js';
import type { Entities } from './entities.js';
import { RELATED_FIELD_OF, type GraphAssembler } from './graph-store.js';
import type { Rng } from './prng.js';

const HUB_KINDS: readonly LandingKind[] = ['domain', 'phone', 'company', 'email'];
/** Share of a hub's entries that list the hub back. */
const HUB_RECIPROCAL = 0.3;

/**
 * Hubs: a marketplace domain, a call-centre phone, a holding company... each listing `size` distinct
 * records of all kinds (bucketed into its related* lists by kind); about a third list the hub back.
 */
export function addHubs(asm: GraphAssembler, entities: Entities, rng: Rng, hubs: number, size: number): number[] {
  const landing = landingIds(entities);
  const chosen: number[] = [];
  for (let h = 0; h < hubs; h++) {
    const pool = entities.ids[HUB_KINDS[h % HUB_KINDS.length] as LandingKind];
    const free = pool.filter((id) => !chosen.includes(id));
    if (free.length === 0) continue;
    const hub = free[Math.floor(((h + 0.5) / hubs) * free.length) % free.length] as number;
    chosen.push(hub);
    const entries = sampleDistinct(rng, landing.length, Math.min(size, landing.length - 1) + 1);
    let added = 0;
    for (const index of entries) {
      const other = landing[index] as number;
      if (other === hub || added >= size) continue;
      asm.relate(hub, other, !rng.chance(HUB_RECIPROCAL));
      added++;
    }
  }
  return chosen;
}

function landingIds(entities: Entities): number[] {
  return LANDING_KINDS.flatMap((kind) => entities.ids[kind]);
}

/** k distinct indexes of [0, n), by a partial Fisher-Yates over a virtual array (memory O(k)). */
export function sampleDistinct(rng: Rng, n: number, k: number): number[] {
  const swapped = new Map<number, number>();
  const out: number[] = [];
  for (let i = 0; i < Math.min(k, n); i++) {
    const j = rng.int(i, n - 1);
    const atJ = swapped.get(j) ?? j;
    swapped.set(j, swapped.get(i) ?? i);
    out.push(atJ);
  }
  return out;
}

/**
 * Dangling ids: page numbers above every node's, each listed by one to three records in the related list
 * of a claimed kind; the service answers 404 for them.
 */
export function addDangling(asm: GraphAssembler, entities: Entities, rng: Rng, count: number, maxId: number): number[] {
  const landing = landingIds(entities);
  const dangling: number[] = [];
  if (landing.length === 0) return dangling;
  for (let i = 0; i < count; i++) {
    const id = maxId + 1 + i * 7;
    const kind = LANDING_KINDS[i % LANDING_KINDS.length] as LandingKind;
    for (let n = rng.int(1, 3); n > 0; n--) asm.edge(rng.pick(landing), RELATED_FIELD_OF[kind], id);
    dangling.push(id);
  }
  return dangling;
}
