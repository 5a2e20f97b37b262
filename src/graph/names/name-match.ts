import { companyName, plain } from './names.js';
import { otherScript, skeleton } from './spelling.js';

/**
 * Names that match across spellings (pure): two company names whose cores (names.ts: without the legal form) have
 * one Latin skeleton (spelling.ts: `ООО «Ромашка»`, `OOO Romashka`, `Romashka LLC`), and two person names whose
 * surnames have one skeleton and whose given names and patronymics agree, an initial agreeing with a full name it
 * starts with, a missing patronymic agreeing with any (`Иванов И.И.`, `Иван Иванович Иванов`, `Ivanov Ivan`).
 * What differs from an exact match is said in `how` and costs `penalty` off the rule's score.
 */

/** How two names differ and still match. */
export type Variant = 'spelling' | 'transliteration' | 'initials' | 'no patronymic';

export interface NameMatch {
  /** Empty for names equal once normalised (names.ts). */
  how: Variant[];
  /** 0.1 per variant, at most 0.3. */
  penalty: number;
}

const PENALTY = 0.1;
const MAX_PENALTY = 0.3;

function match(how: Variant[]): NameMatch {
  return { how, penalty: Math.round(Math.min(MAX_PENALTY, PENALTY * how.length) * 100) / 100 };
}

/** A company core's key across spellings: its skeleton without spaces ("Ромашка Плюс", "Romashka-Plus"). */
export function companySpellingKey(core: string): string {
  return skeleton(core).replace(/ /g, '');
}

/** Whether two company names match across spellings; undefined when they do not (or a core is under two letters). */
export function companyNameMatch(x: string, y: string): NameMatch | undefined {
  const [a, b] = [companyName(x).core, companyName(y).core];
  if ([...a].length < 2 || [...b].length < 2) return undefined;
  if (a === b) return match([]);
  const key = companySpellingKey(a);
  if (key === '' || key !== companySpellingKey(b)) return undefined;
  return match([otherScript(a, b) ? 'transliteration' : 'spelling']);
}

/** One word of a person's name: as written (folded) and its skeleton; an initial is a single letter. */
interface Word {
  text: string;
  key: string;
  initial: boolean;
}

/** A reading of a person's name: surname, given name, patronymic (when written). */
interface Reading {
  surname: Word;
  given: Word;
  patronymic: Word | undefined;
}

/** The words of a person's name, initials apart ("Иванов И.И." -> иванов, и, и). */
export function personWords(value: string): Word[] {
  return plain(value)
    .split(' ')
    .filter((w) => w !== '')
    .map((text) => ({ text, key: skeleton(text), initial: [...text].length === 1 }));
}

/** The readings of 2 or 3 words: surname first (Иванов Иван Иванович) or last (Иван Иванович Иванов). */
function readings(words: readonly Word[]): Reading[] {
  if (words.length < 2 || words.length > 3) return [];
  const first = { surname: words[0], given: words[1], patronymic: words[2] };
  const last = { surname: words[words.length - 1], given: words[0], patronymic: words.length === 3 ? words[1] : undefined };
  return [first, last].filter((r): r is Reading => r.surname !== undefined && r.given !== undefined && !r.surname.initial);
}

/**
 * Whether two words of a name agree: the same skeleton, or an initial and a word it starts with (in one script
 * the same first letter: И is not Ю; across scripts the initial's skeleton starts the word's: I. and Иван).
 */
function agree(x: Word, y: Word): 'same' | 'initial' | undefined {
  if (x.initial === y.initial) return x.key !== '' && x.key === y.key ? 'same' : undefined;
  const [initial, full] = x.initial ? [x, y] : [y, x];
  const letter = [...full.text][0] ?? '';
  if (!otherScript(initial.text, letter)) return skeleton(letter) === initial.key && initial.key !== '' ? 'initial' : undefined;
  return initial.key !== '' && full.key.startsWith(initial.key) ? 'initial' : undefined;
}

/** Whether two person names match across spellings, initials and word order; undefined when they do not. */
export function personNameMatch(x: string, y: string): NameMatch | undefined {
  const [wx, wy] = [personWords(x), personWords(y)];
  let best: NameMatch | undefined;
  for (const a of readings(wx))
    for (const b of readings(wy)) {
      if (agree(a.surname, b.surname) !== 'same') continue;
      const given = agree(a.given, b.given);
      if (given === undefined) continue;
      const how = new Set<Variant>();
      if (given === 'initial') how.add('initials');
      if (a.patronymic && b.patronymic) {
        const p = agree(a.patronymic, b.patronymic);
        if (p === undefined) continue;
        if (p === 'initial') how.add('initials');
      } else if (a.patronymic || b.patronymic) how.add('no patronymic');
      const words = (r: Reading) => [r.surname, r.given, r.patronymic].filter((w): w is Word => w !== undefined);
      const exact = how.size === 0 && words(a).every((w, i) => w.text === words(b)[i]?.text);
      if (!exact && how.size === 0) how.add(otherScript(x, y) ? 'transliteration' : 'spelling');
      else if (otherScript(x, y)) how.add('transliteration');
      const found = match([...how].sort());
      if (!best || found.penalty < best.penalty) best = found;
    }
  return best;
}

/**
 * The keys a person name is looked up by, one per reading: the surname's skeleton and the first letter of the given
 * name's (the same for an initial and the full name, in either script). Names that match share a key.
 */
export function blockKeys(value: string): string[] {
  const keys = readings(personWords(value))
    .filter((r) => r.surname.key !== '' && r.given.key !== '')
    .map((r) => `${r.surname.key} ${r.given.key[0]}`);
  return [...new Set(keys)];
}
