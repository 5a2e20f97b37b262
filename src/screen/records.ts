import { normalIdentifier } from './list-entity.js';
import type { ScreenRecord } from './match.js';

/** A row of cypher/screen/records.cypher. */
export interface RecordRow {
  element: string;
  kind: 'company' | 'person';
  key: string | null;
  name: string | null;
  names: string[];
  inn: string | null;
  ogrn: string | null;
  birthDate: string | null;
}

/**
 * A graph row as screening reads it (pure): a company's INN and OGRN as stored, else told from its key by length (a
 * company's key is its INN, 10 digits, else its OGRN, 13 or 15); a person's INN as stored, else from an `inn:` key.
 * Undefined for a record with no key (nothing to report it by).
 */
export function screenRecordOf(row: RecordRow): ScreenRecord | undefined {
  if (!row.key) return undefined;
  const digits = (v: string | null | undefined) => {
    const d = normalIdentifier(v ?? '');
    return d === '' ? [] : [d];
  };
  const keyDigits =
    row.kind === 'person' ? normalIdentifier(row.key.startsWith('inn:') ? row.key : '') : /^\d+$/.test(row.key) ? row.key : '';
  const inns = row.inn ? digits(row.inn) : [10, 12].includes(keyDigits.length) ? [keyDigits] : [];
  const ogrns = row.ogrn ? digits(row.ogrn) : [13, 15].includes(keyDigits.length) ? [keyDigits] : [];
  return {
    element: row.element,
    kind: row.kind,
    key: row.key,
    name: row.name,
    names: row.names,
    inns,
    ogrns,
    birthDates: row.birthDate ? [row.birthDate] : [],
  };
}
