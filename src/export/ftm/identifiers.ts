/**
 * The check digits of Russian registration numbers, as the followthemoney library verifies them when it reads
 * `innCode` and `ogrnCode` (rigour.ids): a value that fails is dropped there, so the export checks first.
 */

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_1 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_2 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function weightedDigit(digits: string, weights: readonly number[]): string {
  let sum = 0;
  for (const [i, weight] of weights.entries()) sum += Number(digits[i]) * weight;
  return String((sum % 11) % 10);
}

/** A 10-digit (legal entity) or 12-digit (person) INN with correct check digits. */
export function innPasses(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return weightedDigit(inn, INN10_WEIGHTS) === inn[9];
  if (/^\d{12}$/.test(inn)) return weightedDigit(inn, INN12_WEIGHTS_1) === inn[10] && weightedDigit(inn, INN12_WEIGHTS_2) === inn[11];
  return false;
}

/** A 13-digit OGRN (or 15-digit OGRNIP) not starting with 0, whose last digit is the rest modulo 11 (13) as rigour computes it. */
export function ogrnPasses(ogrn: string): boolean {
  const modulus = ogrn.length === 13 ? 11n : ogrn.length === 15 ? 13n : 0n;
  if (modulus === 0n || !/^\d+$/.test(ogrn) || ogrn.startsWith('0')) return false;
  const rest = Number(BigInt(ogrn.slice(0, -1)) % modulus);
  return String(rest === 10 ? 0 : rest) === ogrn.at(-1);
}
