import { innPasses, ogrnPasses, withInnCheckDigit, withOgrnCheckDigit, withPersonInnCheckDigits } from '../graph/check-digits.js';
import { hash32 } from './prng.js';

/**
 * Russian registration numbers with valid check digits, built from a serial number so that distinct
 * serials always give distinct numbers (the serial part is a bijection of the serial, no look-up table).
 */

/** A permutation of [0, 10^width) for 0 <= serial < 10^width: distinct serials stay distinct, but look random. */
export function scramble(serial: number, width: number, salt: number): string {
  const modulus = 10n ** BigInt(width);
  // The multiplier is odd and does not end in 5, so multiplying by it is a bijection modulo 10^width.
  const value = (BigInt(serial) * 738_219_917n + BigInt(hash32(salt, width))) % modulus;
  return value.toString().padStart(width, '0');
}

/** Tax number (INN) of a legal entity: 10 digits, region (2) + 7-digit serial + check digit. */
export function legalInn(region: string, serial: number, salt = 0): string {
  return withInnCheckDigit(`${region}${scramble(serial, 7, salt)}`);
}

/** State registration number (OGRN): 13 digits, 1 + year (2) + region (2) + 7-digit serial + check digit. */
export function ogrn(year: number, region: string, serial: number, salt = 0): string {
  return withOgrnCheckDigit(`1${String(year % 100).padStart(2, '0')}${region}${scramble(serial, 7, salt + 13)}`);
}

/** Tax number (INN) of a person: 12 digits with two check digits. */
export function personInn(region: string, serial: number, salt = 0): string {
  return withPersonInnCheckDigits(`${region}${scramble(serial, 8, salt + 29)}`);
}

/** Whether a 10- or 12-digit INN has correct check digits. */
export const isValidInn = innPasses;

/** Whether a 13-digit OGRN has a correct check digit. */
export const isValidOgrn = ogrnPasses;

/** A Russian mobile number in the key form: "+7" and 10 digits, "+" followed by 11 digits in all. */
export function mobilePhone(serial: number, salt = 0): string {
  return `+79${scramble(serial, 9, salt + 41)}`;
}
