import type { SkeletonNode } from '../graph-types.js';
import { type CompanyName, transliterate } from '../naming.js';
import { type PersonSpelling, spelledPerson } from '../shared-values.js';

/**
 * Labelled name variants for `resolve`: pairs of records that name one company or one person, spelled as
 * different registries write them, and near misses that name another. Each pair sits at an address of its own:
 * - a company and its twin registered at the same address, the twin's name spelled another way: the legal form
 *   written out with the name in capitals and guillemets, in Latin letters with the form first (`OOO "Romashka"`)
 *   or last (`Romashka LLC`), or in lower case with guillemets;
 * - the company's manager (with an INN) named a founder of the twin without an INN: with initials, first name first,
 *   or in Latin letters;
 * - near misses at the same address: a third company whose name adds a word (`ООО "Ромашка-Плюс"`), founded by a
 *   namesake written with initials: the manager's surname, another first name.
 * The sandbox's own transliteration (naming.ts) writes the Latin forms, not the library `resolve` reads them with.
 */
export interface SpellingPairs {
  /** [company, its twin]: one company. */
  companies: [number, number][];
  /** [company whose manager it is (INN), twin naming them a founder without one]: one person. */
  persons: [number, number][];
  /** The same persons by the Person keys `resolve` shows: `inn:<INN>` and the twin's `@company#<id>` suffix. */
  personKeys: [string, string][];
  /** Companies that must meet no one: the near misses. */
  strangers: number[];
}

/** What the spellings need of the world's builder (networks.ts). */
export interface SpellingBuilder {
  company(fields: { address: number; manager: number } & Partial<SkeletonNode>): number;
  /** The name the company of this id gets (it is built from its id). */
  nameOf(id: number): CompanyName;
  /** The person of a group: full name (`Фамилия Имя Отчество`) and INN. */
  person(group: number): { name: string; inn: string };
}

const LATIN_FORMS: Record<string, [string, string]> = {
  ООО: ['OOO', 'LLC'],
  АО: ['AO', 'JSC'],
  ЗАО: ['ZAO', 'CJSC'],
  ПАО: ['PAO', 'PJSC'],
  АНО: ['ANO', 'ANO'],
  НКО: ['NKO', 'NPO'],
};

/** The name of a company in quotes or guillemets, and its short legal form. */
function parts(name: CompanyName): { form: string; word: string } {
  const [form = '', ...rest] = name.shortName.split(' ');
  return { form, word: rest.join(' ').replace(/^["«]|["»]$/g, '') };
}

const latin = (word: string) =>
  word
    .split('-')
    .map((w) => transliterate(w).replace(/^./, (c) => c.toUpperCase()))
    .join('-');

/** The twin's name, spelled the `variant` way (0..3). */
export function companySpelling(name: CompanyName, variant: number): string {
  const { form, word } = parts(name);
  const [prefix, suffix] = LATIN_FORMS[form] ?? [form, form];
  if (variant === 0) return `${name.opf} «${word.toUpperCase()}»`;
  if (variant === 1) return `${prefix} "${latin(word)}"`;
  if (variant === 2) return `${latin(word)} ${suffix}`;
  return `${form.toLowerCase()} «${word.toUpperCase()}»`;
}

/** A person group from `from` up whose surname is the manager's and whose first name starts with another letter. */
function namesakeOf(b: SpellingBuilder, manager: number, from: number): number {
  const [surname, first = ''] = b.person(manager).name.split(' ');
  for (let g = from; g < from + 2_000; g++) {
    const [s, f = ''] = b.person(g).name.split(' ');
    // A woman's surname ends in -а: compare without it.
    if (s?.replace(/а$/, '') === surname?.replace(/а$/, '') && f[0] !== first[0]) return g;
  }
  return from;
}

/** Plants `count` pairs (default 12: each company and person spelling three times) above `group`. */
export function plantSpellings(b: SpellingBuilder, group: number, count = 12): SpellingPairs {
  const pairs: SpellingPairs = { companies: [], persons: [], personKeys: [], strangers: [] };
  for (let i = 0; i < count; i++) {
    const address = group + 3 * i;
    const manager = address + 1;
    const namesake = namesakeOf(b, manager, group + 10_000 + 2_000 * i);
    const base = b.company({ address, manager, founders: [manager], whole: true });
    const twin = b.company({
      address,
      manager: address + 1_000,
      founders: [spelledPerson(manager, ((i % 3) + 1) as PersonSpelling)],
      title: companySpelling(b.nameOf(base), i % 4),
      whole: true,
    });
    const { form, word } = parts(b.nameOf(base));
    const stranger = b.company({
      address,
      manager: address + 2_000,
      founders: [spelledPerson(namesake, 1)],
      title: `${form} "${word}-Плюс"`,
      whole: true,
    });
    pairs.companies.push([base, twin]);
    pairs.persons.push([base, twin]);
    pairs.personKeys.push([`inn:${b.person(manager).inn}`, `@company#${twin}`]);
    pairs.strangers.push(stranger);
  }
  return pairs;
}

/** A candidate as `resolve --json` prints it (only what the measure reads). */
export interface CandidateSides {
  a: { kind: string; key: string | null };
  b: { kind: string; key: string | null };
}

/**
 * Precision and recall of resolve's candidates on the planted pairs. Only candidates touching a planted record count
 * (a company of the pairs or near misses, a person of a twin or of a base company's manager): the world around them
 * is not labelled. `keyOf` gives a company id's key (its INN).
 */
export function measureSpellings(pairs: SpellingPairs, keyOf: (id: number) => string, candidates: readonly CandidateSides[]) {
  const companyKeys = new Map<string, number>();
  for (const id of [...pairs.companies.flat(), ...pairs.strangers]) companyKeys.set(keyOf(id), id);
  const same = new Set(pairs.companies.map(([x, y]) => [keyOf(x), keyOf(y)].sort().join(' ')));
  const twins = new Set(pairs.companies.map(([, twin]) => twin));
  const planted = new Set(pairs.personKeys.map(([inn]) => inn));
  const personPair = (a: string, b: string) =>
    pairs.personKeys.findIndex(([inn, twin]) => (a === inn && b.endsWith(twin)) || (b === inn && a.endsWith(twin)));
  const touches = (side: CandidateSides['a']) =>
    side.key !== null &&
    (companyKeys.has(side.key) ||
      planted.has(side.key) ||
      [...twins, ...pairs.strangers].some((id) => side.key?.endsWith(`@company#${id}`)));
  let truePositives = 0;
  const wrong: string[] = [];
  const found = new Set<string>();
  for (const c of candidates) {
    if (!touches(c.a) && !touches(c.b)) continue;
    const a = c.a.key ?? '';
    const b = c.b.key ?? '';
    const pair = c.a.kind === 'company' ? [a, b].sort().join(' ') : '';
    const person = c.a.kind === 'company' ? -1 : personPair(a, b);
    if ((pair && same.has(pair)) || person >= 0) {
      truePositives++;
      found.add(pair || `person ${person}`);
    } else wrong.push(`${c.a.kind}:${a} ~ ${c.b.kind}:${b}`);
  }
  const positives = pairs.companies.length + pairs.personKeys.length;
  const missed = [
    ...pairs.companies.filter(([x, y]) => !found.has([keyOf(x), keyOf(y)].sort().join(' '))).map(([x, y]) => `company#${x} ~ company#${y}`),
    ...pairs.personKeys.flatMap(([inn, twin], i) => (found.has(`person ${i}`) ? [] : [`person ${inn} ~ ${twin}`])),
  ];
  return {
    missed,
    precision: truePositives + wrong.length === 0 ? 1 : truePositives / (truePositives + wrong.length),
    recall: found.size / positives,
    found: found.size,
    positives,
    wrong,
  };
}
