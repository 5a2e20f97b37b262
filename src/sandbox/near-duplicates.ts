import type { SandboxGraph, SkeletonNode } from './graph-types.js';
import { MASS_ADDRESSES, NOMINEE_PERSONS } from './groups.js';
import { companyName, otherSpelling } from './naming.js';
import { hash32, Rng, rngFor } from './prng.js';
import { blockVariant } from './records/build-record.js';
import { withoutInn } from './shared-values.js';

/**
 * Near-duplicates that share no identifier, as registries hold them and as `landing-graph resolve` is meant to
 * find (docs/resolve.md): a handful per graph, chosen by their own seeded generator, so every other choice of
 * the graph stays as it was. Only companies that serve the blocks showing the duplicate are chosen.
 * - `renamed`: a company registered at the address of an earlier one under the earlier one's name, spelled
 *   another way (`ООО "Ромашка"` and `Общество с ограниченной ответственностью «РОМАШКА»`, a "phoenix");
 * - `founderWithoutInn`: a company whose manager is also its founder, the founder entry naming them without an
 *   INN (the manager entry has it);
 * - `namesakeAtAddress`: the manager of a company named, without an INN, a founder of another company at the same
 *   registration address.
 */
export interface NearDuplicates {
  /** [earlier company, the company retitled with its name]. */
  renamed: [number, number][];
  /** Companies whose founder entry names the manager without an INN. */
  founderWithoutInn: number[];
  /** [company whose manager it is, company naming them a founder without an INN]. */
  namesakeAtAddress: [number, number][];
}

/** Companies per planted near-duplicate of each kind (500 companies, 2,000 records: 5 of each). */
const COMPANIES_PER_PLANT = 100;

/**
 * Plant the near-duplicates among the companies of `nodes` (id = index + 1; `companies` ascending), replacing
 * the nodes it changes. Deterministic from `seed`; fewer than COMPANIES_PER_PLANT companies plant nothing.
 */
export function plantNearDuplicates(seed: number, nodes: SkeletonNode[], companies: readonly number[]): NearDuplicates {
  const planted: NearDuplicates = { renamed: [], founderWithoutInn: [], namesakeAtAddress: [] };
  const count = Math.floor(companies.length / COMPANIES_PER_PLANT);
  if (count === 0) return planted;
  const rng = new Rng(hash32(seed, 'near-duplicates'));
  // blockVariant reads only the seed of the graph (the graph is not built yet).
  const shows = (id: number, block: string) => blockVariant({ seed } as SandboxGraph, id, block) === 'present';
  const node = (id: number) => nodes[id - 1] as SkeletonNode;
  const used = new Set<number>();

  // Companies at an address an earlier company holds (not a mass-registration address), with the earlier one.
  const firstAt = new Map<number, number>();
  const atAddress: [number, number][] = [];
  for (const id of companies) {
    const address = node(id).address;
    if (address === undefined || address < MASS_ADDRESSES) continue;
    const first = firstAt.get(address);
    if (first === undefined) firstAt.set(address, id);
    else if (shows(first, 'companyInfo') && shows(id, 'companyInfo')) atAddress.push([first, id]);
  }
  const officers = (id: number) => shows(id, 'companyManagersAndFounders');
  const personal = (group: number | undefined): group is number => group !== undefined && group >= NOMINEE_PERSONS;
  const namesakeFits = (first: number, later: number) => {
    const manager = node(first).manager;
    return (
      officers(first) && officers(later) && personal(manager) && manager !== node(later).manager && !node(later).founders?.includes(manager)
    );
  };
  // The pairs in a seeded order, dealt to the two kinds in turn.
  for (const [first, later] of rng.sample(atAddress, atAddress.length)) {
    if (used.has(first) || used.has(later)) continue;
    const { renamed, namesakeAtAddress: namesakes } = planted;
    const namesakeTurn = namesakes.length < count && (namesakes.length < renamed.length || renamed.length === count);
    if (namesakeTurn && namesakeFits(first, later)) {
      nodes[later - 1] = { ...node(later), founders: [...(node(later).founders ?? []), withoutInn(node(first).manager as number)] };
      namesakes.push([first, later]);
    } else if (renamed.length < count) {
      nodes[later - 1] = { ...node(later), title: otherSpelling(companyName(rngFor(seed, first, 'name'))) };
      renamed.push([first, later]);
    } else continue;
    used.add(first);
    used.add(later);
  }

  const founding = companies.filter((id) => {
    const n = node(id);
    return !used.has(id) && officers(id) && personal(n.manager) && (n.founders ?? []).includes(n.manager);
  });
  for (const id of rng.sample(founding, count).sort((a, b) => a - b)) {
    const n = node(id);
    const manager = n.manager as number;
    nodes[id - 1] = { ...n, founders: (n.founders ?? []).map((f) => (f === manager ? withoutInn(manager) : f)) };
    planted.founderWithoutInn.push(id);
  }
  return planted;
}
