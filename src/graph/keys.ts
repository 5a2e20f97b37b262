import { domainToUnicode } from 'node:url';
import type { LandingKind } from '../api/kinds.js';

/**
 * Natural keys as the graph stores them (the `key` property), so the same entity has one key however it
 * was written: domains and e-mails lower-case (punycode shown as Unicode), phones `+` and digits,
 * companies their INN (10 or 12 digits) or else their OGRN (13 or 15 digits).
 */
export function normalizeDomain(value: string): string {
  const lower = value.trim().toLowerCase().replace(/\.$/, '');
  return lower.includes('xn--') ? domainToUnicode(lower) || lower : lower;
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits ? `+${digits}` : '';
}

export function normalizeCompanyNumber(value: string): string {
  return value.replace(/\s/g, '');
}

/** The key of a record of `kind` whose title (or company number) is `value`; undefined when empty. */
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
  return key === '' ? undefined : key;
}
