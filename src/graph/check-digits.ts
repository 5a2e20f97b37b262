/**
 * The check digits of Russian registration numbers (INN, OGRN), as the followthemoney library verifies them when
 * it reads `innCode` and `ogrnCode` (rigour.ids): the sandbox makes its numbers with them, the FtM export checks
 * the graph's before writing (a value that fails is dropped by the library).
 */

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_1 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_2 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function weightedDigit(digits: string, weights: readonly number[]): string {
  let sum = 0;
  for (const [i, weight] of weights.entries()) sum += Number(digits[i]) * weight;
  return String((sum % 11) % 10);
}

/** A legal entity's INN from its first 9 digits: the 10th is their check digit. */
export function withInnCheckDigit(body9: string): string {
  return body9 + weightedDigit(body9, INN10_WEIGHTS);
}

/** A person's INN from its first 10 digits: the 11th and 12th are check digits. */
export function withPersonInnCheckDigits(body10: string): string {
  const eleven = body10 + weightedDigit(body10, INN12_WEIGHTS_1);
  return eleven + weightedDigit(eleven, INN12_WEIGHTS_2);
}

/** An OGRN from its first 12 digits (an OGRNIP from 14): the last is the rest modulo 11 (13), 10 written 0. */
export function withOgrnCheckDigit(body: string): string {
  const rest = Number(BigInt(body) % (body.length === 14 ? 13n : 11n));
  return body + String(rest === 10 ? 0 : rest);
}

/** A 10-digit (legal entity) or 12-digit (person) INN with correct check digits. */
export function innPasses(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return withInnCheckDigit(inn.slice(0, 9)) === inn;
  if (/^\d{12}$/.test(inn)) return withPersonInnCheckDigits(inn.slice(0, 10)) === inn;
  return false;
}

/** A 13-digit OGRN or 15-digit OGRNIP, not starting with 0, with a correct check digit. */
export function ogrnPasses(ogrn: string): boolean {
  return /^[1-9](\d{12}|\d{14})$/.test(ogrn) && withOgrnCheckDigit(ogrn.slice(0, -1)) === ogrn;
}
