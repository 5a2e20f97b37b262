import type { Rng } from './prng.js';
import {
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  CYRILLIC_TO_LATIN,
  CYRILLIC_WORDS,
  LATIN_WORDS,
  LEGAL_FORMS,
  MAIL_PROVIDERS,
  MAIL_TAGS,
  ROLE_MAILBOXES,
  SURNAMES,
  MALE_NAMES,
  TLDS,
} from './vocab.js';

/** Names of generated entities. Uniqueness of keys is the caller's job (see UniqueKeys). */

export function weighted<T>(rng: Rng, items: readonly (readonly [T, number, ...unknown[]])[]): readonly [T, number, ...unknown[]] {
  const total = items.reduce((sum, item) => sum + item[1], 0);
  let u = rng.float() * total;
  for (const item of items) {
    u -= item[1];
    if (u < 0) return item;
  }
  return items[items.length - 1] as readonly [T, number, ...unknown[]];
}

export function transliterate(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) out += CYRILLIC_TO_LATIN[ch] ?? ch;
  return out;
}

/** A domain key (lower case); share `idn` of them are Cyrillic .рф names like "пример-магазин.рф". */
export function domainName(rng: Rng, idn: number): string {
  if (rng.chance(idn)) {
    const [a, b] = rng.sample(CYRILLIC_WORDS, 2);
    return rng.chance(0.5) ? `${a}-${b}.рф` : `${a}.рф`;
  }
  const tld = weighted(rng, TLDS)[0];
  const a = rng.pick(LATIN_WORDS);
  const b = rng.pick(LATIN_WORDS);
  const shape = rng.int(0, 3);
  const name = shape === 0 ? a : shape === 1 ? `${a}-${b}` : shape === 2 ? `${a}${b}` : `${a}-${b}${rng.int(1, 99)}`;
  return `${name}.${tld}`;
}

/** The title of a domain as served: mostly the key, sometimes with upper-case letters ("Shop-Example.COM"). */
export function domainTitle(rng: Rng, key: string, share: number): string {
  if (!rng.chance(share) || /[^\x00-\x7f]/.test(key)) return key;
  const dot = key.lastIndexOf('.');
  const name = key.slice(0, dot).replace(/(^|-)([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
  return `${name}.${key.slice(dot + 1).toUpperCase()}`;
}

export interface CompanyName {
  shortName: string;
  fullName: string;
  opf: string;
}

export function companyName(rng: Rng): CompanyName {
  const [short, , opf] = weighted(rng, LEGAL_FORMS) as readonly [string, number, string];
  const word = rng.pick(COMPANY_WORDS) + rng.pick(COMPANY_SUFFIXES);
  const name = rng.chance(0.15) ? `${word}-${rng.pick(COMPANY_SUFFIXES) || 'М'}` : word;
  const quoted = rng.chance(0.1) ? `«${name}»` : `"${name}"`;
  return { shortName: `${short} ${quoted}`, fullName: `${opf.toUpperCase()} "${name.toUpperCase()}"`, opf };
}

/**
 * The same name as another registry spells it: the legal form written out and the name in upper case and
 * guillemets (`ООО "Ромашка"` -> `Общество с ограниченной ответственностью «РОМАШКА»`).
 */
export function otherSpelling(name: CompanyName): string {
  const upper = name.fullName.slice(name.opf.length + 1).replace(/^"|"$/g, '');
  return `${name.opf} «${upper}»`;
}

/** The local part and host of an e-mail address, as its title shows it (may carry upper case and +tag). */
export function emailTitle(rng: Rng, host: string, upperShare: number, plusShare: number): string {
  let local: string;
  if (rng.chance(0.4)) local = rng.pick(ROLE_MAILBOXES);
  else {
    const first = transliterate(rng.pick(MALE_NAMES));
    const last = transliterate(rng.pick(SURNAMES));
    local = rng.chance(0.5) ? `${first}.${last}` : `${first[0]}${last}${rng.int(1, 999)}`;
  }
  if (rng.chance(plusShare)) local += `+${rng.pick(MAIL_TAGS)}`;
  let title = `${local}@${host}`;
  if (rng.chance(upperShare)) {
    title = title.replace(/(^|[.+@-])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
  }
  return title;
}

export function mailProvider(rng: Rng): string {
  return rng.pick(MAIL_PROVIDERS);
}

/** Makes keys unique by appending a number before the first dot or @ when a key is taken. */
export class UniqueKeys {
  private readonly taken = new Set<string>();
  private readonly nextSuffix = new Map<string, number>();

  claim(key: string): string {
    let candidate = key;
    let n = this.nextSuffix.get(key) ?? 2;
    while (this.taken.has(candidate)) {
      const at = key.includes('@') ? key.indexOf('@') : key.indexOf('.');
      candidate = at < 0 ? `${key}${n}` : `${key.slice(0, at)}${n}${key.slice(at)}`;
      n++;
    }
    if (candidate !== key) this.nextSuffix.set(key, n);
    this.taken.add(candidate);
    return candidate;
  }
}
