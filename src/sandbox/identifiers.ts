import { hash32 } from './prng.js';

/**
 * Russian registration numbers with valid check digits, built from a serial number so that distinct
 * serials always give distinct numbers (the serial part is a bijection of the serial, no look-up table).
 */

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_1 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_2 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function checkDigit(digits: string, weights: readonly number[]): string {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  return String((sum % 11) % 10);
}

/** A permutation of [0, 10^width) for 0 <= serial < 10^width: distinct serials stay distinct, but look random. */
export function scramble(serial: number, width: number, salt: number): string {
  const modulus = 10n ** BigInt(width);
  // The multiplier is odd and does not end in 5, so multiplying by it is a bijection modulo 10^width.
  const value = (BigInt(serial) * 738_219_917n + BigInt(hash32(salt, width))) % modulus;
  return value.toString().padStart(width, '0');
}

/** Tax number (INN) of a legal entity: 10 digits, region (2) + 7-digit serial + check digit. */
export function legalInn(region: string, serial: number, salt = 0): string {
  const body = `${region}${scramble(serial, 7, salt)}`;
  return body + checkDigit(body, INN10_WEIGHTS);
}

/** State registration number (OGRN): 13 digits, 1 + year (2) + region (2) + 7-digit serial + check digit. */
export function ogrn(year: number, region: string, serial: number, salt = 0): string {
  const body = `1${String(year % 100).padStart(2, '0')}${region}${scramble(serial, 7, salt + 13)}`;
  return body + String(Number(BigInt(body) % 11n) % 10);
}

/** Tax number (INN) of a person: 12 digits with two check digits. */
export function personInn(region: string, serial: number, salt = 0): string {
  const body = `${region}${scramble(serial, 8, salt + 29)}`;
  const eleven = body + checkDigit(body, INN12_WEIGHTS_1);
  return eleven + checkDigit(eleven, INN12_WEIGHTS_2);
}

/** Whether a 10- or 12-digit INN has correct check digits. */
export function isValidInn(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return checkDigit(inn, INN10_WEIGHTS) === inn[9];
  if (/^\d{12}$/.test(inn)) return checkDigit(inn, INN12_WEIGHTS_1) === inn[10] && checkDigit(inn, INN12_WEIGHTS_2) === inn[11];
  return false;
}

/** Whether a 13-digit OGRN has a correct check digit. */
export function isValidOgrn(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  return String(Number(BigInt(value.slice(0, 12)) % 11n) % 10) === value[12];
}

/** A Russian mobile number in the key form: "+7" and 10 digits, "+" followed by 11 digits in all. */
export function mobilePhone(serial: number, salt = 0): string {
  return `+79${scramble(serial, 9, salt + 41)}`;
}
