import { transliterate } from 'transliteration';
import { plain } from './names.js';

/**
 * Spellings across scripts (pure): a word's Latin skeleton, the same for `Ромашка`, `Romashka` and `ROMASHKA`,
 * for `Юрий`, `Yuriy`, `Yury` and `Iurii`, for `Алексей` and `Alexey`. Cyrillic is transliterated by the
 * `transliteration` package (its Russian table: х -> h, ц -> c, щ -> shch, й/ы -> y), then the common variants of
 * Latin spellings of Russian are folded alike: kh/h, ts/tz/c, sch/shch, x/ks, w/v, ph/f, y/j/i, a leading `ye`/`e`,
 * doubled letters. A comparison key only, never shown as a name.
 */

/** Latin spelling variants of Russian, applied in order after transliteration (lower case, letters only). */
const VARIANTS: readonly [RegExp, string][] = [
  [/shch|sch/g, 'Щ'],
  [/kh/g, 'h'],
  [/ts|tz/g, 'c'],
  [/ck/g, 'k'],
  [/x/g, 'ks'],
  [/w/g, 'v'],
  [/ph/g, 'f'],
  [/[yj]/g, 'i'],
  [/^ie/, 'e'],
  [/(.)\1+/g, '$1'],
];

/** The Latin skeleton of one word or of a name (words kept apart by single spaces); '' for no letters or digits. */
export function skeleton(value: string): string {
  return plain(value)
    .split(' ')
    .map(word)
    .filter((w) => w !== '')
    .join(' ');
}

/** Words already spelled (a name is compared with many others); bounded, cleared when full. */
const WORDS = new Map<string, string>();
const MAX_WORDS = 100_000;

function word(value: string): string {
  const known = WORDS.get(value);
  if (known !== undefined) return known;
  if (WORDS.size >= MAX_WORDS) WORDS.clear();
  let text = transliterate(value)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  for (const [pattern, replacement] of VARIANTS) text = text.replace(pattern, replacement);
  WORDS.set(value, text);
  return text;
}

/** Whether a text holds Cyrillic letters, Latin letters, or both. */
export function scripts(value: string): { cyrillic: boolean; latin: boolean } {
  return { cyrillic: /\p{Script=Cyrillic}/u.test(value), latin: /[a-z]/i.test(value) };
}

/** Whether two texts are written in different scripts (one Cyrillic only, the other Latin only). */
export function otherScript(x: string, y: string): boolean {
  const [a, b] = [scripts(x), scripts(y)];
  return (a.cyrillic && !a.latin && b.latin && !b.cyrillic) || (a.latin && !a.cyrillic && b.cyrillic && !b.latin);
}
