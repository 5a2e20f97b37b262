import { type Options, stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer (csv-stringify, the Node CSV project's), in two dialects: for people, who open the file in a
 * spreadsheet, and for neo4j-admin import, which must get back exactly the text it was given.
 */

/** A cell: text, a number (written as is), or null/undefined for an empty cell. */
export type CsvCell = string | number | null | undefined;

// quoted_match: csv-stringify 6.9 leaves a lone \n unquoted when records end with \r\n, which would split the row.
const FOR_PEOPLE: Options = { record_delimiter: 'windows', escape_formulas: true, quoted_match: /[\r\n]/ };

/**
 * CSV for people: RFC 4180 with CRLF line ends, the header first, a field quoted when it holds a comma, quote or
 * line break. Text that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage
 * return, or their full-width forms) gets a leading `'` (OWASP's advice on CSV injection): titles and names are
 * written by the people under investigation. Numbers are written as they are, a negative one too.
 */
export function csvForPeople(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([header, ...rows] as CsvCell[][], FOR_PEOPLE);
}

const FOR_IMPORT: Options = { record_delimiter: 'unix', quoted_match: /^$|[;\r\n]|^\s|\s$/ };

/**
 * Lines for neo4j-admin import: no formula escaping (a database reads them, and the round trip must give the same
 * text back). Quoted as RFC 4180 says, and also when a field holds `;` (neo4j-admin's array delimiter), starts or
 * ends with white space, or is empty text: `""` is an empty string, an empty cell (null) sets no property.
 */
export function csvForImport(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(rows as CsvCell[][], FOR_IMPORT);
}
