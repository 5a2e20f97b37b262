/**
 * Groups of relationship types that statements name together, each written once here. Cypher must spell a type
 * list out (`[r:HAS_OFFICER|NAMES_COMPANY|…]`, `type(r) IN ['HAS_OFFICER', …]`), so a statement that does marks
 * the line before with `// types: <group>` (or `<group> + TYPE - TYPE`), and test/cypher/copies.test.ts fails
 * when a marked copy differs from the list here, or a list of five types or more is left unmarked.
 */
const EVIDENCE = [
  'HAS_OFFICER',
  'NAMES_COMPANY',
  'LISTS_CONTACT',
  'AT_DOMAIN',
  'REGISTERED_AT',
  'RESOLVES_TO',
  'USES_NAME_SERVER',
  'USES_MAIL_SERVER',
] as const;

const STATED = [
  'RELATED',
  'SIMILAR',
  'COMPETITOR',
  'LISTS_CONTACT',
  'NAMES_COMPANY',
  'RESOLVES_TO',
  'USES_NAME_SERVER',
  'USES_MAIL_SERVER',
  'REGISTERED_WITH',
  'USES_TECHNOLOGY',
  'HAS_OFFICER',
  'REGISTERED_AT',
  'HAS_PROFILE',
  'HAS_ACTIVITY',
] as const;

export const RELATIONSHIP_GROUPS = {
  /**
   * From a record to what it shows of whoever controls it (an officer, an address, a contact, a company it names,
   * its hosting): the evidence of networks (with RELATED between a domain and a company) and of hubs.
   */
  evidence: EVIDENCE,
  /**
   * A record's lists: the relationships a crawl follows (`--follow related,similar,competitor`, its default), from
   * the record to the records it lists. Walked, outgoing only, by the scope of `<seeds> --depth N` (src/store/scope.ts).
   */
  lists: ['RELATED', 'SIMILAR', 'COMPETITOR'],
  /** What can tie two records: the evidence, RELATED lists and analysts' SAME_AS (the query library's what-ties). */
  ties: ['RELATED', ...EVIDENCE, 'SAME_AS'],
  /** What a record's answer states, from the record: its lists and its pivot links (retired when no longer stated). */
  stated: STATED,
  /**
   * Every type that joins two records or pivots: what a node's degree counts (the query library's hubs, from the
   * store's count of each). The others join derived or kept data: networks, flags, earlier answers, watch-list hits.
   */
  degree: [...STATED, 'AT_DOMAIN', 'SAME_AS'],
} as const;

export type RelationshipGroup = keyof typeof RELATIONSHIP_GROUPS;
