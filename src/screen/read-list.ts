import { MAX_INDEXED_CHARS } from '../api/keys.js';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { LandingGraphError, quoteValue } from '../errors.js';
import { csvCells } from './csv-line.js';
import {
  entityOfFtm,
  ftmLineSchema,
  type ListEntity,
  normalIdentifier,
  OTHER_FTM_SCHEMAS,
  SCREENED_SCHEMAS,
  type ScreenedSchema,
} from './list-entity.js';

/** What one line of a list is: an entity to screen, or one of another FtM schema (skipped, counted by schema). */
export type ListItem = { entity: ListEntity } | { skipped: string };

/** The CSV's columns, matched case-insensitively; `name`, `inn` or `ogrn` must be there (the rest are optional). */
export const CSV_COLUMNS = ['id', 'schema', 'name', 'inn', 'ogrn', 'birthdate', 'topics', 'dataset'] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Read a watch list line by line, never whole (OpenSanctions' default file holds over a million entities): FtM entities
 * as JSON lines, or CSV with a header; either gzipped (told by its first two bytes, not by its name). A file that is
 * neither, a line that does not parse or an FtM schema that does not exist stops the run with LIST_INVALID naming the
 * file and the line.
 */
export async function* readList(file: string): AsyncGenerator<ListItem> {
  const name = path.basename(file);
  const fail = (line: number | null, problem: string, cause?: unknown): never => {
    throw new LandingGraphError('LIST_INVALID', `${name}${line === null ? '' : `:${line}`}: ${problem}`, cause ? { cause } : {});
  };
  let gzip: boolean;
  try {
    gzip = await startsWithGzip(file);
  } catch (error) {
    return fail(null, `cannot read the list: ${(error as Error).message}`, error);
  }
  const raw = createReadStream(file);
  const stream: Readable = gzip ? raw.pipe(createGunzip()) : raw;
  let streamError: unknown;
  raw.on('error', (e) => {
    streamError = e;
    stream.destroy(e);
  });
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  let csv: Map<CsvColumn, number> | undefined;
  let format: 'ftm' | 'csv' | undefined;
  try {
    for await (const text of lines) {
      number++;
      const line = number === 1 ? text.replace(/^\uFEFF/, '') : text;
      if (line.trim() === '') continue;
      if (format === undefined) {
        if (line.trimStart().startsWith('{')) format = 'ftm';
        else {
          csv = csvHeader(line);
          if (!csv) fail(number, 'neither FtM entities (JSON lines) nor CSV with a name, inn or ogrn column (docs/screen.md)');
          format = 'csv';
          continue;
        }
      }
      if (format === 'ftm') yield ftmItem(line, number, fail);
      else yield { entity: csvEntity(line, number, csv as Map<CsvColumn, number>, fail) };
    }
  } catch (error) {
    if (error instanceof LandingGraphError) throw error;
    fail(number + 1, `cannot read the list${gzip ? ' (gzip)' : ''}: ${(error as Error).message}`, error);
  }
  if (streamError) fail(null, `cannot read the list: ${(streamError as Error).message}`, streamError);
  if (format === undefined) fail(null, 'the list is empty');
}

async function startsWithGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === GZIP_MAGIC[0] && buffer[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
}

type Fail = (line: number | null, problem: string, cause?: unknown) => never;

function ftmItem(line: string, number: number, fail: Fail): ListItem {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    return fail(number, `not a JSON object: ${(error as Error).message}`, error);
  }
  const parsed = ftmLineSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(number, `not an FtM entity: ${issue?.path.join('.') || 'the line'}: ${issue?.message ?? 'invalid'}`);
  }
  const schema = parsed.data.schema;
  if ((SCREENED_SCHEMAS as readonly string[]).includes(schema)) return { entity: entityOfFtm(parsed.data, schema as ScreenedSchema) };
  if (OTHER_FTM_SCHEMAS.has(schema)) return { skipped: schema };
  return fail(number, `unknown FtM schema ${quoteValue(schema)}`);
}

function csvHeader(line: string): Map<CsvColumn, number> | undefined {
  const cells = csvCells(line);
  if (!cells) return undefined;
  const columns = new Map<CsvColumn, number>();
  cells.forEach((cell, index) => {
    const column = cell.toLowerCase().replace(/[\s_-]+/g, '') as CsvColumn;
    if ((CSV_COLUMNS as readonly string[]).includes(column) && !columns.has(column)) columns.set(column, index);
  });
  return columns.has('name') || columns.has('inn') || columns.has('ogrn') ? columns : undefined;
}

/**
 * A CSV row as an entity: its id the `id` column, else `line-<n>`; its schema the `schema` column, else a person for a
 * 12-digit INN, a company for a 10-digit one or an OGRN, and either (LegalEntity) for a name alone. Topics are split
 * on `;`.
 */
function csvEntity(line: string, number: number, columns: Map<CsvColumn, number>, fail: Fail): ListEntity {
  const cells = csvCells(line) ?? fail(number, 'a quote is left open');
  const cell = (column: CsvColumn): string => {
    const index = columns.get(column);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const inn = normalIdentifier(cell('inn'));
  const ogrn = normalIdentifier(cell('ogrn'));
  const name = cell('name');
  if (name === '' && inn === '' && ogrn === '') fail(number, 'no name, inn or ogrn');
  const given = cell('schema');
  let schema: ScreenedSchema;
  if (given !== '') {
    if (!(SCREENED_SCHEMAS as readonly string[]).includes(given))
      fail(number, `schema ${quoteValue(given)} is not one of ${SCREENED_SCHEMAS.join(', ')}`);
    schema = given as ScreenedSchema;
  } else schema = inn.length === 12 ? 'Person' : inn.length === 10 || ogrn !== '' ? 'Company' : 'LegalEntity';
  const id = cell('id') || `line-${number}`;
  if (id.length > MAX_INDEXED_CHARS) fail(number, `id: longer than ${MAX_INDEXED_CHARS} characters`);
  const split = (text: string) =>
    text
      .split(';')
      .map((t) => t.trim())
      .filter((t) => t !== '');
  return {
    id,
    schema,
    caption: name || inn || ogrn,
    names: name === '' ? [] : [name],
    inns: inn === '' ? [] : [inn],
    ogrns: ogrn === '' ? [] : [ogrn],
    birthDates: split(cell('birthdate')),
    topics: split(cell('topics')),
    datasets: split(cell('dataset')),
  };
}
