import { normalizeCompanyNumber, normalizeDomain, normalizeEmail, normalizePhone } from '../../api/keys.js';
import { canonicalIp } from './ip.js';
import { isLongEnough, isMeaningful, isPublicHost, isPublicIp } from './meaningful.js';
import type { PivotKind } from './model.js';

/**
 * Keys of pivots and of the Landing entities named in blocks: one key for one entity however it was
 * written. Each function returns undefined for a value that identifies nothing (see meaningful.ts).
 */

/** Folded text: NFKC, lower-case, ё as е, typographic quotes as ", whitespace collapsed and trimmed. */
export function foldText(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[«»„“”‟″]/g, '"')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A folded name (registrar, technology, person) that is no placeholder and long enough. */
export function nameKey(value: string, minLength = true): string | undefined {
  if (!isMeaningful(value)) return undefined;
  const folded = foldText(value);
  return folded !== '' && (!minLength || isLongEnough(folded)) ? folded : undefined;
}

/** Canonical IP address (ip.ts) outside the private and reserved ranges. */
export function ipKey(value: string): string | undefined {
  const ip = canonicalIp(value);
  return ip && isPublicIp(ip.address, ip.version) ? ip.address : undefined;
}

/** A host name lower-case without a trailing dot (punycode shown as Unicode, as domain keys are). */
export function hostKey(value: string): string | undefined {
  if (!isMeaningful(value)) return undefined;
  const ip = canonicalIp(value);
  if (ip) return isPublicIp(ip.address, ip.version) ? ip.address : undefined;
  const host = normalizeDomain(value);
  return isPublicHost(host) ? host : undefined;
}

/** An MX record: "10 mx.example.com." is the host mx.example.com. */
export function mailServerKey(value: string): string | undefined {
  return hostKey(value.trim().replace(/^\d+\s+/, ''));
}

const POSTAL_PREFIX = /^(?:\d{5,6}|российская федерация|россия|рф)(?: |$)/u;

/**
 * An address folded, with every run of punctuation and symbols (",", ".", "№", dashes, quotes) as one
 * space, and a leading postal code (and country name) dropped, so "119002, г. Москва, ул. Арбат, д. 10"
 * and "г.Москва ул.Арбат д.10" are one key.
 */
export function addressKey(value: string): string | undefined {
  if (!isMeaningful(value)) return undefined;
  // Before folding: NFKC would spell "№" as "No".
  let key = foldText(value.replace(/№/g, ' '))
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (let next = key.replace(POSTAL_PREFIX, ''); next !== key; next = key.replace(POSTAL_PREFIX, '')) key = next;
  return isLongEnough(key) ? key : undefined;
}

/**
 * A social link as host and path: lower-case host without `www.`, no scheme, query, fragment or
 * trailing slash, percent-escapes decoded. A link to a site's home page names no profile.
 */
export function socialProfileKey(value: string): string | undefined {
  if (!isMeaningful(value)) return undefined;
  let text = value.trim();
  if (text.startsWith('//')) text = `https:${text}`;
  else if (!/^[a-z][a-z\d+.-]*:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = normalizeDomain(url.hostname).replace(/^www\./, '');
  const path = decodedPath(url.pathname).replace(/\/+$/, '');
  if (path === '' || !isPublicHost(host)) return undefined;
  return `${host}${url.port ? `:${url.port}` : ''}${path}`;
}

function decodedPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** An OKVED code: two digits and up to three dotted groups of one or two digits (47.29.39). */
export function okvedKey(value: string): string | undefined {
  const code = value.replace(/\s+/g, '');
  return /^\d{2}(?:\.\d{1,2}){0,3}$/.test(code) ? code : undefined;
}

/** How the key of each pivot kind is made from its source text (persons: personKey in company.ts). */
const KEY_OF: Record<Exclude<PivotKind, 'person'>, (value: string) => string | undefined> = {
  ip: ipKey,
  nameServer: hostKey,
  mailServer: mailServerKey,
  registrar: (value) => nameKey(value),
  // Short technology names ("Go", "R") still name one thing each.
  technology: (value) => nameKey(value, false),
  address: addressKey,
  socialProfile: socialProfileKey,
  activity: okvedKey,
};

/** The key of a pivot of `kind` from its source text; undefined when it identifies nothing. */
export function pivotKey(kind: Exclude<PivotKind, 'person'>, value: string): string | undefined {
  return KEY_OF[kind](value);
}

/** A tax number (INN): 10 digits (organization) or 12 (person), not all zeros. */
export function innKey(value: string | null | undefined): string | undefined {
  return companyNumber(value, /^(?:\d{10}|\d{12})$/);
}

/** A state registration number (OGRN 13 digits, OGRNIP 15), not all zeros. */
export function ogrnKey(value: string | null | undefined): string | undefined {
  return companyNumber(value, /^(?:\d{13}|\d{15})$/);
}

function companyNumber(value: string | null | undefined, shape: RegExp): string | undefined {
  const digits = typeof value === 'string' ? normalizeCompanyNumber(value) : '';
  return shape.test(digits) && !/^0+$/.test(digits) ? digits : undefined;
}

/** A phone's Landing key (+ and digits, keys.ts) with 7 to 15 digits, as E.164 allows. */
export function phoneKey(value: string): string | undefined {
  if (!isMeaningful(value)) return undefined;
  const key = normalizePhone(value);
  return /^\+\d{7,15}$/.test(key) ? key : undefined;
}

/** An e-mail's Landing key (lower-case, keys.ts) when it looks like local@domain.tld. */
export function emailKey(value: string): string | undefined {
  if (!isMeaningful(value)) return undefined;
  const key = normalizeEmail(value);
  return /^[^\s@]+@[^\s@]+\.[^\s@.]+$/u.test(key) ? key : undefined;
}
