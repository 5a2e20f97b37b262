import { blockKeys, companyNameMatch, companySpellingKey, personNameMatch, type Variant } from '../graph/names/name-match.js';
import { companyName } from '../graph/names/names.js';
import { compareCodeUnits } from '../order.js';
import type { ListEntity } from './list-entity.js';

/**
 * Matching a list's entities against the graph's companies and people (pure). Identifiers first: an INN or OGRN equal
 * once both are digits only is a hit of score 1. Then names, with the normaliser `resolve` uses (src/graph/names/):
 * legal forms, spellings across scripts, initials, word order. A name hit is ruled out when both sides carry an
 * identifier of one kind and they differ (a namesake), when both write a legal form and the forms differ (ООО
 * «Ромашка» is not АО «Ромашка»), and, for people, when both give birth dates and none agree.
 */

/** A company or person of the graph as screening reads it. */
export interface ScreenRecord {
  /** The node's element id, for writing the hit in the same run. */
  element: string;
  kind: 'company' | 'person';
  key: string;
  /** What people call it: the company's title, the person's name; null when the graph has none. */
  name: string | null;
  /** Every name the graph holds for it (title, short and full name). */
  names: string[];
  /** Digits only. */
  inns: string[];
  ogrns: string[];
  birthDates: string[];
}

export type HitHow = 'identifier' | 'name';

export interface Hit {
  entity: ListEntity;
  record: ScreenRecord;
  how: HitHow;
  /** The list entity's property that matched: `innCode`, `ogrnCode` or `name`. */
  property: 'innCode' | 'ogrnCode' | 'name';
  /** The list entity's value that matched, as the list writes it (digits only for identifiers). */
  value: string;
  /** 1 for an identifier; for a name NAME_SCORE of its kind less the variants' penalty (name-match.ts). */
  score: number;
  /** How the names differ and still match (spelling, transliteration, initials, no patronymic); empty otherwise. */
  variants: Variant[];
}

/** A company name equal once normalised: strong but not proof (namesakes exist); a person's name is weaker still. */
export const NAME_SCORE = { company: 0.9, person: 0.8 } as const;

/** The graph's records, looked up by identifier and by name key. */
export interface ScreenIndex {
  byInn: Map<string, ScreenRecord[]>;
  byOgrn: Map<string, ScreenRecord[]>;
  /** Companies by their name's spelling key (companySpellingKey of the core). */
  companiesByName: Map<string, ScreenRecord[]>;
  /** People by their name's block keys (blockKeys). */
  peopleByName: Map<string, ScreenRecord[]>;
}

function add(map: Map<string, ScreenRecord[]>, key: string, record: ScreenRecord): void {
  const list = map.get(key);
  if (!list) map.set(key, [record]);
  else if (!list.includes(record)) list.push(record);
}

export function screenIndex(records: Iterable<ScreenRecord>): ScreenIndex {
  const index: ScreenIndex = { byInn: new Map(), byOgrn: new Map(), companiesByName: new Map(), peopleByName: new Map() };
  for (const record of records) {
    for (const inn of record.inns) add(index.byInn, inn, record);
    for (const ogrn of record.ogrns) add(index.byOgrn, ogrn, record);
    for (const name of record.names) {
      if (record.kind === 'company') {
        const key = companySpellingKey(companyName(name).core);
        if (key !== '') add(index.companiesByName, key, record);
      } else for (const key of blockKeys(name)) add(index.peopleByName, key, record);
    }
  }
  return index;
}

/** Whether the list entity may be this kind of record: a Person is a person, a Company or Organization a company. */
function fits(entity: ListEntity, kind: ScreenRecord['kind']): boolean {
  if (entity.schema === 'LegalEntity') return true;
  return (entity.schema === 'Person') === (kind === 'person');
}

/** Both sides carry identifiers of one kind and share none: a namesake, not the same. */
function otherIdentifier(entity: ListEntity, record: ScreenRecord): boolean {
  const differ = (a: readonly string[], b: readonly string[]) => a.length > 0 && b.length > 0 && !a.some((v) => b.includes(v));
  return differ(entity.inns, record.inns) || differ(entity.ogrns, record.ogrns);
}

/** Dates agree when one starts the other (`1970` agrees with `1970-05-01`); both sides dated and none agreeing rules out. */
function otherBirth(entity: ListEntity, record: ScreenRecord): boolean {
  if (entity.birthDates.length === 0 || record.birthDates.length === 0) return false;
  return !entity.birthDates.some((a) => record.birthDates.some((b) => a.startsWith(b) || b.startsWith(a)));
}

function otherForm(x: string, y: string): boolean {
  const [a, b] = [companyName(x).form, companyName(y).form];
  return a !== null && b !== null && a !== b;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The hits of one list entity, one per record at most: its identifier hit when there is one, else its best name hit.
 * Ordered by the record's key.
 */
export function matchEntity(entity: ListEntity, index: ScreenIndex): Hit[] {
  const hits = new Map<ScreenRecord, Hit>();
  const identifierHits = (values: readonly string[], map: Map<string, ScreenRecord[]>, property: 'innCode' | 'ogrnCode') => {
    for (const value of values)
      for (const record of map.get(value) ?? [])
        if (fits(entity, record.kind) && !hits.has(record))
          hits.set(record, { entity, record, how: 'identifier', property, value, score: 1, variants: [] });
  };
  identifierHits(entity.inns, index.byInn, 'innCode');
  identifierHits(entity.ogrns, index.byOgrn, 'ogrnCode');
  const nameHit = (record: ScreenRecord, value: string, found: { how: Variant[]; penalty: number } | undefined) => {
    if (!found || hits.get(record)?.how === 'identifier') return;
    const score = round(NAME_SCORE[record.kind] - found.penalty);
    const known = hits.get(record);
    if (known && known.score >= score) return;
    hits.set(record, { entity, record, how: 'name', property: 'name', value, score, variants: found.how });
  };
  for (const value of entity.names) {
    if (fits(entity, 'company')) {
      const key = companySpellingKey(companyName(value).core);
      for (const record of key === '' ? [] : (index.companiesByName.get(key) ?? [])) {
        if (otherIdentifier(entity, record)) continue;
        for (const name of record.names) if (!otherForm(value, name)) nameHit(record, value, companyNameMatch(value, name));
      }
    }
    if (fits(entity, 'person'))
      for (const key of blockKeys(value))
        for (const record of index.peopleByName.get(key) ?? []) {
          if (otherIdentifier(entity, record) || otherBirth(entity, record)) continue;
          for (const name of record.names) nameHit(record, value, personNameMatch(value, name));
        }
  }
  return [...hits.values()].sort((a, b) => compareCodeUnits(a.record.key, b.record.key));
}
