import { isInt } from 'neo4j-driver';
import { type CsvCell, csvForPeople } from '../render/csv.js';
import type { Row } from '../store/executor.js';
import type { QueryResult } from './library.js';
import { valueText } from './params.js';
import type { QueryDefinition, QueryParam } from './types.js';
import { toPlain, toText } from './values.js';

/** How `landing-graph query` prints rows: an aligned table (default), a JSON array, or CSV. */
export const OUTPUT_FORMATS = ['table', 'json', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface TableOptions {
  /** Cells wider than this are cut with '…' (CSV and JSON give them whole). Default 80. */
  maxCellWidth?: number;
}

const WIDE = /\p{Emoji_Presentation}|[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
// biome-ignore lint/suspicious/noMisleadingCharacterClass: variation selectors are listed on purpose, each counts zero columns
const ZERO_WIDTH = /\p{Mn}|\p{Me}|[\u200b-\u200d\ufe0e\ufe0f]/u;

/** Columns on a terminal: wide (CJK, emoji) characters count two, combining marks none. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ZERO_WIDTH.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
  return width;
}

function truncate(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = '';
  let width = 0;
  for (const ch of text) {
    const w = displayWidth(ch);
    if (width + w > max - 1) break;
    out += ch;
    width += w;
  }
  return `${out}…`;
}

/** One line per cell on a terminal: line breaks shown as ↵, other control characters (escapes) as �. */
function terminalSafe(text: string): string {
  return text
    .replace(/\r\n|\r|\n/g, '↵')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');
}

function pad(text: string, width: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
}

/** Rows as an aligned text table with a header; numeric columns right-aligned. */
export function formatTable(columns: readonly string[], rows: readonly Row[], options: TableOptions = {}): string {
  const max = options.maxCellWidth ?? 80;
  const cells = rows.map((row) => columns.map((c) => truncate(terminalSafe(toText(row[c])), max)));
  const widths = columns.map((c, i) => Math.max(displayWidth(c), ...cells.map((r) => displayWidth(r[i] ?? ''))));
  const numeric = columns.map(
    (c) => rows.some((r) => r[c] != null) && rows.every((r) => r[c] == null || typeof r[c] === 'number' || isInt(r[c])),
  );
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => pad(v, widths[i] ?? 0, numeric[i] ?? false))
      .join('  ')
      .trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].map((l) => `${l}\n`).join('');
}

/** Rows as CSV for people (render/csv.ts): a header line, then one line per row; numbers as numbers, the rest as text. */
export function formatCsv(columns: readonly string[], rows: readonly Row[]): string {
  return csvForPeople(
    columns,
    rows.map((row) => columns.map((c) => csvCell(row[c]))),
  );
}

/** Numbers stay numbers (a negative one is no formula); everything else is its text. */
function csvCell(value: unknown): CsvCell {
  if (typeof value === 'number') return value;
  if (isInt(value) && value.inSafeRange()) return value.toNumber();
  return toText(value);
}

/** Rows as a JSON array of objects, keys in column order, values as plain JSON (see toPlain). */
export function formatJson(columns: readonly string[], rows: readonly Row[]): string {
  const plain = rows.map((row) => Object.fromEntries(columns.map((c) => [c, toPlain(row[c])])));
  return `${JSON.stringify(plain, null, 2)}\n`;
}

/** A query's result in one of the output formats. */
export function formatResult(result: QueryResult, format: OutputFormat, options: TableOptions = {}): string {
  if (format === 'json') return formatJson(result.columns, result.rows);
  if (format === 'csv') return formatCsv(result.columns, result.rows);
  return formatTable(result.columns, result.rows, options);
}

/** A parameter in short: `kind!` required, `ip?` optional, `limit=50` with its default. */
export function paramSummary(param: QueryParam): string {
  if (param.required) return `${param.name}!`;
  if (param.default === null) return `${param.name}?`;
  return `${param.name}=${valueText(param.default)}`;
}

/** The library for `query --list`: a table of name, title and parameters, or (json) the full definitions. */
export function formatQueryList(queries: readonly QueryDefinition[], format: 'table' | 'json'): string {
  if (format === 'json') return `${JSON.stringify(queries, null, 2)}\n`;
  const rows = queries.map((q) => ({ name: q.name, title: q.title, parameters: q.params.map(paramSummary).join(' ') }));
  return formatTable(['name', 'title', 'parameters'], rows, { maxCellWidth: 100 });
}
