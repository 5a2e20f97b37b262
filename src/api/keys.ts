import { domainToUnicode } from 'node:url';
import type { LandingKind } from './kinds.js';

/**
 * Natural keys as the graph stores them (the `key` property), so the same entity has one key however it
 * was written: domains and e-mails lower-case (punycode shown as Unicode, in an e-mail's domain part too), phones `+` and digits,
 * companies their INN (10 or 12 digits) or else their OGRN (13 or 15 digits).
 */
export function normalizeDomain(value: string): string {
  const lower = value.trim().toLowerCase().replace(/\.$/, '');
  return lower.includes('xn--') ? domainToUnicode(lower) || lower : lower;
}

/** An e-mail address lower-case, its domain part canonical as a domain key is (normalizeDomain). */
export function normalizeEmail(value: string): string {
  const lower = value.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  return at < 0 ? lower : `${lower.slice(0, at)}@${normalizeDomain(lower.slice(at + 1))}`;
}

/** The domain part of an e-mail key (after the last `@`); undefined when it has none. */
export function emailDomain(emailKey: string): string | undefined {
  const at = emailKey.lastIndexOf('@');
  return at < 0 || at === emailKey.length - 1 ? undefined : emailKey.slice(at + 1);
}

export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits ? `+${digits}` : '';
}

export function normalizeCompanyNumber(value: string): string {
  return value.replace(/\s/g, '');
}

/**
 * The longest text a value may have where Neo4j indexes it (a key, a title, a pivot's value): a range index holds at
 * most 8,167 bytes a value, and 2,000 UTF-16 units are at most 6,000 bytes of UTF-8. A longer value would fail the
 * whole commit it is written in, and every later one that meets its record again.
 */
export const MAX_INDEXED_CHARS = 2_000;

/**
 * The key of a record of `kind` whose title (or company number) is `value`; undefined when empty, or longer than
 * MAX_INDEXED_CHARS (no domain, e-mail, phone or company number is: such a key names nothing).
 */
export function normalizeKey(kind: LandingKind, value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  let key: string;
  switch (kind) {
    case 'domain':
      key = normalizeDomain(value);
      break;
    case 'email':
      key = normalizeEmail(value);
      break;
    case 'phone':
      key = normalizePhone(value);
      break;
    case 'company':
      key = normalizeCompanyNumber(value);
      break;
  }
  return key === '' || key.length > MAX_INDEXED_CHARS ? undefined : key;
}
