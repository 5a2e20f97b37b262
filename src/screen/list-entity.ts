import { MAX_INDEXED_CHARS } from '../api/keys.js';
import { z } from 'zod';

/**
 * One entity of a watch list as `screen` matches it: what FtM (OpenSanctions' `entities.ftm.json`) or the CSV gives,
 * reduced to what can match a company or a person of the graph, with what the analyst needs to read the hit. Pure.
 */
export interface ListEntity {
  id: string;
  /** `Company`, `Organization`, `LegalEntity` or `Person` (SCREENED_SCHEMAS). */
  schema: ScreenedSchema;
  caption: string;
  /** Names and aliases as written. */
  names: string[];
  /** Digits only (normalIdentifier). */
  inns: string[];
  ogrns: string[];
  /** As written: `1970-05-01`, `1970-05` or `1970`. */
  birthDates: string[];
  /** `sanction`, `debarment`, `role.pep`, … */
  topics: string[];
  datasets: string[];
}

/** The schemata `screen` matches; every other FtM schema (addresses, ownerships, vessels, …) is skipped and counted. */
export const SCREENED_SCHEMAS = ['Company', 'Organization', 'LegalEntity', 'Person'] as const;
export type ScreenedSchema = (typeof SCREENED_SCHEMAS)[number];

/**
 * The FtM schemata a list may hold besides the screened ones (followthemoney's model): anything else is a file that is
 * not FtM or a typo, and stops the run.
 */
export const OTHER_FTM_SCHEMAS: ReadonlySet<string> = new Set([
  'Address',
  'Airplane',
  'Article',
  'Assessment',
  'Asset',
  'Associate',
  'Audio',
  'BankAccount',
  'Call',
  'CallForTenders',
  'Contract',
  'ContractAward',
  'CourtCase',
  'CourtCaseParty',
  'CryptoWallet',
  'Debt',
  'Directorship',
  'Document',
  'Documentation',
  'EconomicActivity',
  'Email',
  'Employment',
  'Event',
  'Family',
  'Folder',
  'HyperText',
  'Identification',
  'Image',
  'Interest',
  'Interval',
  'License',
  'Membership',
  'Mention',
  'Message',
  'Note',
  'Occupancy',
  'Ownership',
  'Package',
  'Page',
  'Pages',
  'Passport',
  'Payment',
  'PlainText',
  'Position',
  'Post',
  'Project',
  'ProjectParticipant',
  'PublicBody',
  'RealEstate',
  'Representation',
  'Risk',
  'Sanction',
  'Security',
  'Similar',
  'Succession',
  'Table',
  'TaxRoll',
  'Thing',
  'Trip',
  'UnknownLink',
  'UserAccount',
  'Vehicle',
  'Vessel',
  'Video',
  'Workbook',
]);

const values = z.array(z.string()).optional();

/** One line of an FtM file, as far as `screen` reads it (other fields pass). */
export const ftmLineSchema = z.looseObject({
  // The entry's key in the graph, which an index holds (MAX_INDEXED_CHARS): a longer one is refused, not written.
  id: z.string().min(1).max(MAX_INDEXED_CHARS),
  schema: z.string().min(1),
  caption: z.string().optional(),
  properties: z
    .looseObject({
      name: values,
      alias: values,
      innCode: values,
      ogrnCode: values,
      birthDate: values,
      topics: values,
    })
    .default({}),
  datasets: values,
});
export type FtmLine = z.infer<typeof ftmLineSchema>;

/** An INN or OGRN as digits only (`77 07 083893`, `7707083893`); '' when none. */
export function normalIdentifier(value: string): string {
  return value.replace(/\D+/g, '');
}

const identifiers = (list: readonly string[] | undefined): string[] => [
  ...new Set((list ?? []).map(normalIdentifier).filter((v) => v !== '')),
];

const texts = (list: readonly string[] | undefined): string[] => [...new Set((list ?? []).map((v) => v.trim()).filter((v) => v !== ''))];

/** The entity of a screened FtM line (the schema checked by the caller). */
export function entityOfFtm(line: FtmLine, schema: ScreenedSchema): ListEntity {
  const p = line.properties;
  const names = texts([...(p.name ?? []), ...(p.alias ?? [])]);
  return {
    id: line.id,
    schema,
    caption: line.caption?.trim() || names[0] || line.id,
    names,
    inns: identifiers(p.innCode),
    ogrns: identifiers(p.ogrnCode),
    birthDates: texts(p.birthDate),
    topics: texts(p.topics),
    datasets: texts(line.datasets),
  };
}
