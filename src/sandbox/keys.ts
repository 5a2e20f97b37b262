import { domainToUnicode } from 'node:url';
import type { LandingKind } from '../api/kinds.js';

/**
 * The key the service looks a record up by (what `?isKey=true` accepts): the service's rule, stricter than the
 * graph's normalizeKey (src/api/keys.ts), which reads any writing of a key. In one place:
 * - domain: case-insensitive; a punycode (xn--) name is also accepted and means its Unicode form;
 * - email: case-insensitive (local part included);
 * - phone: exactly "+" and 11 digits (no spaces, dashes or brackets);
 * - company: a 10-digit INN or a 13-digit OGRN.
 * Returns the normalised key, or undefined where the value can never match.
 */
export function lookupKey(kind: LandingKind, raw: string): string | undefined {
  if (raw.length === 0 || raw.length > 320) return undefined;
  switch (kind) {
    case 'domain': {
      const lower = raw.toLowerCase();
      if (!lower.includes('xn--')) return lower;
      const unicode = domainToUnicode(lower);
      return unicode === '' ? undefined : unicode;
    }
    case 'email':
      return raw.includes('@') ? raw.toLowerCase() : undefined;
    case 'phone':
      return /^\+\d{11}$/.test(raw) ? raw : undefined;
    case 'company':
      return /^(\d{10}|\d{13})$/.test(raw) ? raw : undefined;
  }
}

/** A page number as the path carries it: a positive decimal integer without sign or leading zeros. */
export function parsePageNumber(raw: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
}
