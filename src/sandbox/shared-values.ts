import { personInn } from './identifiers.js';
import { transliterate } from './naming.js';
import { hash32, rngFor } from './prng.js';
import {
  CITIES,
  FEMALE_NAMES,
  MALE_NAMES,
  NAME_SERVER_PAIRS,
  PATRONYMIC_ROOTS,
  PUBLIC_MX,
  REGISTRARS,
  STREETS,
  SURNAMES,
} from './vocab.js';

/**
 * The values of shared identifiers, from their group numbers: every domain (company) in one group shows
 * the same value, distinct groups show distinct values. A node without a group (undefined) gets a value of
 * its own, derived from its id in a range no group reaches.
 */

const OWN = 5_000_000;

function groupOrOwn(group: number | undefined, id: number): number {
  return group ?? OWN + (id % 4_000_000);
}

/** IPv4 address of a hosting group (dns.a, websiteResponseHeaders.hostIp). */
export function ipOf(seed: number, group: number | undefined, id: number): string {
  // Multiplication by an odd number is a bijection modulo 2^24, so distinct groups get distinct addresses.
  const g = (Math.imul(groupOrOwn(group, id) + 1, 0x9e3779b1) + seed) & 0xffffff;
  return `${[185, 91, 212, 95][seed & 3]}.${(g >>> 16) & 255}.${(g >>> 8) & 255}.${g & 255}`;
}

/** The name-server pair of a DNS hosting group (dns.ns, whoIs.dnsServers). */
export function nameServersOf(group: number | undefined, id: number): [string, string] {
  const g = groupOrOwn(group, id);
  const known = NAME_SERVER_PAIRS[g];
  return known ? [known[0], known[1]] : [`ns1.hosting-${g}.ru`, `ns2.hosting-${g}.ru`];
}

/** A registrar (whoIs.registrar). */
export function registrarOf(group: number | undefined, id: number): string {
  return REGISTRARS[groupOrOwn(group, id) % REGISTRARS.length] as string;
}

/** Mail exchangers of a mail group (dns.mx). */
export function mxOf(group: number | undefined, id: number): string[] {
  const g = groupOrOwn(group, id);
  const known = PUBLIC_MX[g];
  return known ? [known] : [`mx1.mailhost-${g}.ru`, `mx2.mailhost-${g}.ru`];
}

export interface Person {
  name: string;
  inn: string;
}

/**
 * Person groups NAMED_WITHOUT_INN + g (g below POOL_LIMIT) are the person of group g named without an INN (an
 * entry that gives only the name, as registries often do for founders): see withoutInn and near-duplicates.ts.
 * Below the fresh groups of evolve.ts (10,000,000 and above).
 */
export const NAMED_WITHOUT_INN = 9_000_000;
const POOL_LIMIT = 1_000_000;

/** The person group that names the person of pool group `group` (below 1,000,000) without an INN (inn ""). */
export function withoutInn(group: number): number {
  if (!Number.isInteger(group) || group < 0 || group >= POOL_LIMIT) throw new RangeError(`not a person pool group: ${group}`);
  return NAMED_WITHOUT_INN + group;
}

/**
 * Person groups SPELLED * v + g (v = 1, 2, 3) name the person of group g without an INN and spelled as another
 * registry writes them (planted/spellings.ts): v 1 with initials (`Иванов И.И.`), 2 first name first (`Иван Иванович
 * Иванов`), 3 in Latin letters without the patronymic (`Ivanov Ivan`).
 */
export const SPELLED = 1_000_000_000;
export type PersonSpelling = 1 | 2 | 3;

/** The person group that names group `group` without an INN, spelled the `spelling` way. */
export function spelledPerson(group: number, spelling: PersonSpelling): number {
  if (!Number.isInteger(group) || group < 0 || group >= SPELLED) throw new RangeError(`not a person group: ${group}`);
  return SPELLED * spelling + group;
}

/** A natural person of the person pool (managers and founders); inn "" for a group of withoutInn or spelledPerson. */
export function personOf(seed: number, group: number): Person {
  if (group >= NAMED_WITHOUT_INN && group < NAMED_WITHOUT_INN + POOL_LIMIT) {
    return { name: personOf(seed, group - NAMED_WITHOUT_INN).name, inn: '' };
  }
  if (group >= SPELLED) {
    const [surname = '', first = '', patronymic = ''] = personOf(seed, group % SPELLED).name.split(' ');
    const spelling = Math.floor(group / SPELLED);
    if (spelling === 1) return { name: `${surname} ${first[0]}.${patronymic[0]}.`, inn: '' };
    if (spelling === 2) return { name: `${first} ${patronymic} ${surname}`, inn: '' };
    const latin = (word: string) => transliterate(word).replace(/^./, (c) => c.toUpperCase());
    return { name: `${latin(surname)} ${latin(first)}`, inn: '' };
  }
  const rng = rngFor(seed, group, 'person');
  const female = rng.chance(0.35);
  const surname = rng.pick(SURNAMES) + (female ? 'а' : '');
  const first = rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
  const patronymic = rng.pick(PATRONYMIC_ROOTS) + (female ? 'на' : 'ич');
  const city = CITIES[group % CITIES.length] as readonly string[];
  return { name: `${surname} ${first} ${patronymic}`, inn: personInn(city[1] as string, group, seed) };
}

export interface Address {
  /** Index into CITIES. */
  city: number;
  text: string;
}

/** A registration address; distinct groups give distinct (city, street, house) triples. */
export function addressOf(seed: number, group: number): Address {
  const city = group % CITIES.length;
  const street = Math.floor(group / CITIES.length) % STREETS.length;
  const house = Math.floor(group / (CITIES.length * STREETS.length)) + 1;
  const office = (hash32(seed, group, 'office') % 400) + 1;
  const [cityName, , , okato] = CITIES[city] as readonly string[];
  const index = `${okato}${String(hash32(seed, group, 'zip') % 10000).padStart(4, '0')}`;
  return { city, text: `${index}, г. ${cityName}, ${STREETS[street]}, д. ${house}, офис ${office}` };
}

/** The CITIES row (name, region code, federal district, OKATO prefix) of an address group. */
export function cityOfAddress(seed: number, group: number): readonly [string, string, string, string] {
  return CITIES[addressOf(seed, group).city] as readonly [string, string, string, string];
}

/** Year a company was registered (the OGRN carries it, companyInfo shows the full date). */
export function registrationYear(seed: number, id: number): number {
  return 1998 + (hash32(seed, id, 'regYear') % 28);
}
