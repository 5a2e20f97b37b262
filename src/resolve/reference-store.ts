import type { Driver } from 'neo4j-driver';
import { inReadTransaction, runNamed } from '../store/executor.js';
import type { Side } from './model.js';
import { chooseSides, type FoundSide, type Reference, sidesByName } from './references.js';
import { num, type StoreOptions, str, toCompanyRow, toPersonRow } from './store.js';

/**
 * The nodes the hand-written sides of a decision file name, by their text, in one read transaction: keys,
 * numbers and page numbers through cypher/resolve/find-references.cypher; names among the companies and persons
 * the rules read (companies.cypher, persons.cypher), normalised as the rules normalise them. A text naming no
 * node maps to an empty list, one naming several to all of them (decisions.ts settleDecisions refuses both).
 */
export async function lookupReferences(
  driver: Driver,
  references: readonly { text: string; reference: Reference }[],
  options: StoreOptions = {},
): Promise<Map<string, Side[]>> {
  const named = new Map<string, Side[]>();
  if (references.length === 0) return named;
  return inReadTransaction(
    driver,
    async (tx) => {
      const byKey = references.filter((r) => r.reference.by !== 'name');
      const found = new Map<string, FoundSide[]>();
      const params = byKey.map(({ text, reference: r }) => ({ text, kind: r.kind, by: r.by, value: r.value }));
      for (const row of params.length === 0 ? [] : await runNamed(tx, 'resolve/find-references', { refs: params })) {
        const kind = row.kind === 'person' ? 'person' : 'company';
        const side: Side = { kind, id: kind === 'person' ? null : num(row.id), key: str(row.key), name: str(row.name) };
        const list = found.get(String(row.text)) ?? [];
        list.push({ side, exact: row.exact === true });
        found.set(String(row.text), list);
      }
      for (const { text } of byKey) named.set(text, chooseSides(found.get(text) ?? []));
      const byName = references.filter((r) => r.reference.by === 'name');
      if (byName.length > 0) {
        const companies = byName.some((r) => r.reference.kind === 'company')
          ? (await runNamed(tx, 'resolve/companies')).map(toCompanyRow)
          : [];
        const persons = byName.some((r) => r.reference.kind === 'person') ? (await runNamed(tx, 'resolve/persons')).map(toPersonRow) : [];
        for (const { text, reference } of byName) named.set(text, sidesByName(reference, companies, persons));
      }
      return named;
    },
    { database: options.database },
    'looking up the sides of a decision file',
  );
}
