import type { GraphAssembler } from './graph-store.js';
import type { RecordPatch } from './graph-types.js';
import { legalInn, ogrn } from './identifiers.js';

/**
 * Special records for robustness tests, added by generateGraph({ specials: true }). Their ids, keys and
 * titles are fixed (independent of seed and size); region code 99 in their INN/OGRN never occurs in the
 * generated graph. All of them are reachable from SPECIALS.hostileTitle (it lists the other special
 * companies and the special domains). Special records never have null/absent blocks or unknown fields.
 */
export const SPECIAL_ID_BASE = 2_000_000_000;
const S = SPECIAL_ID_BASE;
const company = (n: number) => ({ kind: 'company' as const, id: S + n, inn: legalInn('99', n), ogrn: ogrn(2020, '99', n) });

export const SPECIALS = {
  /** Title is a Cypher injection attempt. The entry point: lists every other special. */
  hostileTitle: { ...company(1), title: "'}) DETACH DELETE n //" },
  /** Title with double, single, angle and back quotes and a backslash. */
  quotesTitle: { ...company(2), title: 'ООО "Кавычки" \'одинарные\' «ёлочки» `обратные` \\ слэш' },
  /** Title with Cyrillic and emoji (astral code points, a skin-tone modifier). */
  emojiTitle: { ...company(3), title: 'Ракета 🚀 Доставка 🍕 ООО "Эмодзи" 👍🏽' },
  /** relatedDomains with 10,000 entries: the bulk domains bulkFirstId..bulkFirstId + 9,999, which list it back. */
  bigList: { ...company(4), title: 'АО "Большой Список"', field: 'relatedDomains' as const, size: 10_000, bulkFirstId: S + 100_001 },
  /** Lists itself in relatedCompanies and similarCompanies. */
  selfReference: { ...company(5), title: 'ООО "Сам Себе"', fields: ['relatedCompanies', 'similarCompanies'] as const },
  /** A domain record of about 5 MB (dns.txt carries 5,000 strings of 1,000 characters). */
  hugeRecord: { kind: 'domain' as const, id: S + 6, key: 'huge-record.example', approxBytes: 5_000_000 },
  /** relatedEmails lists SPECIALS.quotedEmail twice. */
  duplicatedEntry: {
    kind: 'domain' as const,
    id: S + 7,
    key: 'duplicate-entry.example',
    field: 'relatedEmails' as const,
    duplicatedId: S + 9,
  },
  /**
   * Breaks the schema: relatedDomains gets an extra entry whose id is the string "abc" (not part of the
   * graph's lists or the ground truth), websiteResponseHeaders.statusCode is "two hundred".
   */
  schemaBreaker: { kind: 'domain' as const, id: S + 8, key: 'schema-breaker.example', badEntryId: 'abc', badStatusCode: 'two hundred' },
  /** An e-mail with an apostrophe, a +tag and upper case in its title; the key is its lower case. */
  quotedEmail: {
    kind: 'email' as const,
    id: S + 9,
    title: "O'Reilly+Special@Duplicate-Entry.example",
    key: "o'reilly+special@duplicate-entry.example",
  },
} as const;

/** Title of the n-th (1-based) bulk domain listed by SPECIALS.bigList. */
export function bulkDomainKey(n: number): string {
  return `bulk-${String(n).padStart(5, '0')}.example`;
}

/** Adds the special records to a graph under assembly; returns their body patches. */
export function addSpecials(asm: GraphAssembler): Map<number, RecordPatch> {
  const { hostileTitle, quotesTitle, emojiTitle, bigList, selfReference, hugeRecord, duplicatedEntry, schemaBreaker, quotedEmail } =
    SPECIALS;
  for (const c of [hostileTitle, quotesTitle, emojiTitle, bigList, selfReference]) {
    asm.addNode({ id: c.id, kind: 'company', title: c.title, key: c.inn, ogrn: c.ogrn, category: 0 });
  }
  for (const d of [hugeRecord, duplicatedEntry, schemaBreaker]) {
    asm.addNode({
      id: d.id,
      kind: 'domain',
      title: d.key,
      key: d.key,
      owner: hostileTitle.id,
      category: 0,
      keepDuplicates: d.id === duplicatedEntry.id,
    });
  }
  asm.addNode({ id: quotedEmail.id, kind: 'email', title: quotedEmail.title, key: quotedEmail.key, owner: hostileTitle.id });
  for (const c of [quotesTitle, emojiTitle, bigList, selfReference]) asm.relate(hostileTitle.id, c.id);
  for (const d of [hugeRecord, duplicatedEntry, schemaBreaker]) asm.relate(hostileTitle.id, d.id);
  for (const field of selfReference.fields) asm.edge(selfReference.id, field, selfReference.id);
  asm.edge(duplicatedEntry.id, 'relatedEmails', quotedEmail.id);
  asm.edge(duplicatedEntry.id, 'relatedEmails', quotedEmail.id);
  asm.edge(quotedEmail.id, 'relatedDomains', duplicatedEntry.id);
  for (let n = 1; n <= bigList.size; n++) {
    const id = bigList.bulkFirstId + n - 1;
    asm.addNode({ id, kind: 'domain', title: bulkDomainKey(n), key: bulkDomainKey(n), owner: bigList.id, category: 0 });
    asm.relate(bigList.id, id);
  }
  const patches = new Map<number, RecordPatch>();
  patches.set(hugeRecord.id, (record) => {
    const dns = (record.dns ?? {}) as Record<string, unknown>;
    const txt: string[] = [];
    for (let i = 0; i < 5_000; i++) txt.push(`v=padding${String(i).padStart(5, '0')} ${'x'.repeat(980)}`);
    record.dns = { ...dns, txt };
  });
  patches.set(schemaBreaker.id, (record) => {
    const related = Array.isArray(record.relatedDomains) ? record.relatedDomains : [];
    record.relatedDomains = [
      ...related,
      {
        id: schemaBreaker.badEntryId,
        title: schemaBreaker.badEntryId,
        href: 'https://landing.example/domain/abc',
        provider: 'landing-index',
        searchTags: [],
      },
    ];
    const headers = (record.websiteResponseHeaders ?? {}) as Record<string, unknown>;
    record.websiteResponseHeaders = { ...headers, statusCode: schemaBreaker.badStatusCode };
  });
  return patches;
}
