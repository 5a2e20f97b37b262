import { readFile } from 'node:fs/promises';
import { isLandingKind } from './kinds.js';
import type { LandingRef } from './refs.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import { normalizeKey } from './keys.js';

const DOMAIN = /^(?=.{1,253}$)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}][\p{L}\p{N}-]{0,62}$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/u;
const PHONE = /^\+\d{7,15}$/;
/** INN (10 or 12 digits), OGRN (13) or OGRNIP (15). */
const COMPANY = /^(?:\d{10}|\d{12}|\d{13}|\d{15})$/;

const FORMS = 'domain:<domain>, company:<INN or OGRN>, email:<address>, phone:+<digits>, or <kind>#<page number>';

/**
 * Parse one seed: `domain:example.com`, `company:7707083893`, `email:a@b.ru`, `phone:+79990001122`, or by
 * page number `domain#42`. Keys come back normalized (as the graph stores them). A malformed seed is a
 * SEED_INVALID error that names it.
 */
export function parseSeed(text: string): LandingRef {
  const seed = text.trim();
  const match = /^([a-z]+)([#:])(.*)$/is.exec(seed);
  if (!match) throw invalid(text, `expected ${FORMS}`);
  const [, rawKind = '', separator, value = ''] = match;
  const kind = rawKind.toLowerCase();
  if (!isLandingKind(kind)) throw invalid(text, `unknown kind ${quoteValue(rawKind)}; expected domain, company, email or phone`);
  if (separator === '#') {
    if (!/^\d{1,15}$/.test(value) || !Number.isSafeInteger(Number(value))) throw invalid(text, 'a page number must be a whole number');
    return { kind, id: Number(value) };
  }
  const key = normalizeKey(kind, value) ?? '';
  const problem = checkKey(kind, value, key);
  if (problem) throw invalid(text, problem);
  return { kind, key };
}

function checkKey(kind: string, value: string, key: string): string | undefined {
  switch (kind) {
    case 'domain':
      return DOMAIN.test(key) ? undefined : 'not a domain name';
    case 'email':
      return EMAIL.test(key) ? undefined : 'not an e-mail address';
    case 'phone':
      return value.trim().startsWith('+') && PHONE.test(key) ? undefined : 'a phone must be + and 7 to 15 digits';
    case 'company':
      return COMPANY.test(key) ? undefined : 'a company is its INN (10 or 12 digits) or OGRN (13 or 15 digits)';
    default:
      return 'unknown kind';
  }
}

function invalid(seed: string, why: string): LandingGraphError {
  return new LandingGraphError('SEED_INVALID', `malformed seed ${quoteValue(seed)}: ${why}`, { details: { seed } });
}

/** Seeds from a file, one a line; blank lines and `#` comments are skipped. Errors name the line. */
export async function readSeedsFile(path: string): Promise<LandingRef[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new LandingGraphError('CONFIG_INVALID', `cannot read the seeds file ${quoteValue(path)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const seeds: LandingRef[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    try {
      seeds.push(parseSeed(trimmed));
    } catch (error) {
      const message = (error as Error).message;
      throw new LandingGraphError('SEED_INVALID', `${path}:${index + 1}: ${message}`, { cause: error });
    }
  });
  return seeds;
}
