import { compare, sideRef } from './pair.js';
import type { NameTie, Side } from './model.js';
import { blockKeys, personNameMatch } from '../graph/names/name-match.js';

/**
 * Persons whose names differ once normalised but match across spellings, initials and a missing patronymic
 * (name-match.ts: `Иванов И.И.`, `Иванов Иван Иванович`, `Ivanov Ivan`). Pure. Names are compared once per two
 * distinct names (personNameKey), among the names sharing a block key (a surname and a given initial), so a
 * graph of many namesakes costs its distinct names, not its persons squared.
 */

/** What the pairing needs of a person: the side and its exact name key. */
export interface Named {
  side: Side;
  key: string;
}

/**
 * The pairs of persons (x sorting first) whose names match only across spellings, with the name evidence. A name
 * held by more than maxNamesakes persons, or matching names held by more than maxNamesakes persons in all (a
 * name too vague: `Иванов И.`), pairs only where `near` says two persons are close (officers of companies at one
 * address): in a graph of 100,000 records `Лебедев А.Н.` matches dozens of full names, and the one at the same
 * address is still the one meant. Without `near`, such a name pairs with none.
 */
export function spelledAlike<T extends Named>(
  persons: readonly T[],
  maxNamesakes: number,
  near?: (p: T, q: T) => boolean,
): [T, T, NameTie][] {
  const byKey = new Map<string, T[]>();
  for (const person of persons) {
    const same = byKey.get(person.key);
    if (same) same.push(person);
    else byKey.set(person.key, [person]);
  }
  const crowded = (k: string) => (byKey.get(k)?.length ?? 0) > maxNamesakes;
  const names = [...byKey.keys()].filter((k) => near !== undefined || !crowded(k)).sort(compare);
  const blocks = new Map<string, string[]>();
  for (const key of names)
    for (const block of blockKeys(byKey.get(key)?.[0]?.side.name ?? '')) {
      const same = blocks.get(block);
      if (same) same.push(key);
      else blocks.set(block, [key]);
    }
  const matched = new Map<string, [string, string]>();
  const reach = new Map<string, number>();
  for (const block of [...blocks.keys()].sort(compare)) {
    const keys = blocks.get(block) ?? [];
    for (let i = 0; i < keys.length; i++)
      for (let j = i + 1; j < keys.length; j++) {
        const [kx, ky] = [keys[i] as string, keys[j] as string];
        const id = `${kx}\n${ky}`;
        if (matched.has(id) || !personNameMatch(nameOf(byKey, kx), nameOf(byKey, ky))) continue;
        matched.set(id, [kx, ky]);
        reach.set(kx, (reach.get(kx) ?? 0) + (byKey.get(ky)?.length ?? 0));
        reach.set(ky, (reach.get(ky) ?? 0) + (byKey.get(kx)?.length ?? 0));
      }
  }
  const out: [T, T, NameTie][] = [];
  // Pairs of a vague name kept only when neither person has another such pair near it: `Иванов И.` beside three
  // Ivanovs of its company is no one in particular.
  const vaguePairs: [T, T, NameTie][] = [];
  for (const id of [...matched.keys()].sort(compare)) {
    const [kx, ky] = matched.get(id) as [string, string];
    const vague = crowded(kx) || crowded(ky) || (reach.get(kx) ?? 0) > maxNamesakes || (reach.get(ky) ?? 0) > maxNamesakes;
    if (vague && near === undefined) continue;
    for (const p of byKey.get(kx) ?? [])
      for (const q of byKey.get(ky) ?? []) {
        if (vague && !near?.(p, q)) continue;
        const [x, y] = compare(sideRef(p.side), sideRef(q.side)) <= 0 ? [p, q] : [q, p];
        const [nx, ny] = [x.side.name ?? '', y.side.name ?? ''];
        const match = personNameMatch(nx, ny);
        if (!match) continue;
        const evidence = [
          { kind: 'name', value: `${x.key} / ${y.key}` },
          { kind: 'nameMatch', value: `${match.how.join(', ')}: ${nx} / ${ny}` },
        ];
        (vague ? vaguePairs : out).push([x, y, { evidence, penalty: match.penalty }]);
      }
  }
  const seen = new Map<string, number>();
  for (const [x, y] of vaguePairs) for (const p of [x, y]) seen.set(sideRef(p.side), (seen.get(sideRef(p.side)) ?? 0) + 1);
  out.push(...vaguePairs.filter(([x, y]) => seen.get(sideRef(x.side)) === 1 && seen.get(sideRef(y.side)) === 1));
  return out.sort(([x1, y1], [x2, y2]) => compare(sideRef(x1.side), sideRef(x2.side)) || compare(sideRef(y1.side), sideRef(y2.side)));
}

function nameOf<T extends Named>(byKey: Map<string, T[]>, key: string): string {
  return byKey.get(key)?.[0]?.side.name ?? '';
}
