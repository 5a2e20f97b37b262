import path from 'node:path';
import { columnsOf, valuesFor, type Column } from '../columns.js';
import { csvForImport } from '../../render/csv.js';
import { plainName } from '../../render/escape.js';
import { groupBy } from '../group.js';
import type { ExportEdge, Properties, Subgraph } from '../model.js';
import { kindLabel } from '../names.js';
import { prepareFolder, writeChunks, type WrittenExport } from '../../render/output.js';

/**
 * CSV in neo4j-admin's import layout (`neo4j-admin database import full`), a folder of:
 * - `nodes-<Label>.csv`, one per kind label: `:ID` (the element key), `:LABEL` (all labels, array-delimited),
 *   then one typed column per property (`id:long`, `dnsA:string[]`, `firstSeenAt:datetime`, ...);
 * - `relationships-<TYPE>.csv`, one per type: `:START_ID`, `:END_ID`, `:TYPE`, then typed property columns;
 * - `provenance.json` (the provenance plus this layout: files, array delimiter);
 * - `import.sh`, the neo4j-admin command that loads the folder into an empty database.
 * Arrays are joined with `;`, or with the first of `|`, U+241F that no element holds when one holds `;`.
 */
export async function writeCsv(subgraph: Subgraph, folder: string): Promise<WrittenExport> {
  await prepareFolder(folder, isOurs);
  const arrayDelimiter = pickArrayDelimiter(subgraph);
  const nodeFiles = sorted(groupBy(subgraph.nodes, (n) => `nodes-${plainName(kindLabel(n))}.csv`));
  const edgeFiles = sorted(groupBy(subgraph.edges, (e) => `relationships-${plainName(e.type)}.csv`));
  let bytes = 0;
  const files: string[] = [];
  for (const [name, nodes] of nodeFiles) {
    bytes += await writeChunks(
      path.join(folder, name),
      table(nodes, [':ID', ':LABEL'], (n) => [n.elementKey, n.labels.join(arrayDelimiter)], arrayDelimiter),
    );
    files.push(name);
  }
  for (const [name, edges] of edgeFiles) {
    bytes += await writeChunks(
      path.join(folder, name),
      table(edges, [':START_ID', ':END_ID', ':TYPE'], (e: ExportEdge) => [e.from, e.to, e.type], arrayDelimiter),
    );
    files.push(name);
  }
  const layout = { arrayDelimiter, nodes: [...nodeFiles.keys()], relationships: [...edgeFiles.keys()] };
  bytes += await writeChunks(path.join(folder, 'provenance.json'), [
    `${JSON.stringify({ provenance: subgraph.provenance, layout }, null, 2)}\n`,
  ]);
  bytes += await writeChunks(path.join(folder, 'import.sh'), [importScript(layout)]);
  files.push('provenance.json', 'import.sh');
  return { path: folder, files: files.map((f) => path.join(folder, f)), bytes };
}

function isOurs(name: string): boolean {
  return /^(nodes|relationships)-[\p{L}\p{N}_]+\.csv$/u.test(name) || ['provenance.json', 'import.sh', 'import.report'].includes(name);
}

function* table<T extends { properties: Properties }>(
  rows: readonly T[],
  fixed: string[],
  fixedValues: (row: T) => string[],
  arrayDelimiter: string,
): Generator<string> {
  const columns = columnsOf(rows.map((r) => r.properties));
  yield csvForImport([[...fixed, ...columns.map(header)]]);
  for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) {
    yield csvForImport(
      rows.slice(i, i + ROWS_PER_CHUNK).map((row) => [...fixedValues(row), ...columns.map((c) => cell(row.properties, c, arrayDelimiter))]),
    );
  }
}

function header(column: Column): string {
  return `${plainName(column.name)}:${column.type}${column.list ? '[]' : ''}`;
}

/** Rows written at a time: the file is written as it is made, never held whole. */
const ROWS_PER_CHUNK = 1000;

/** A cell: null when absent (neo4j-admin then sets no property), else the value's text, arrays joined. */
function cell(properties: Properties, column: Column, arrayDelimiter: string): string | null {
  const typed = properties[column.name];
  if (!typed) return null;
  const values = valuesFor(typed, column).map(String);
  return column.list ? values.join(arrayDelimiter) : values[0]!;
}

const DELIMITERS = [';', '|', '\u241F'];

function pickArrayDelimiter(subgraph: Subgraph): string {
  const elements: string[] = [];
  for (const item of [...subgraph.nodes, ...subgraph.edges]) {
    for (const typed of Object.values(item.properties)) if (Array.isArray(typed.value)) elements.push(...typed.value.map(String));
  }
  return DELIMITERS.find((d) => !elements.some((e) => e.includes(d))) ?? DELIMITERS[DELIMITERS.length - 1]!;
}

/** The array delimiter as neo4j-admin's option takes it. */
function delimiterOption(d: string): string {
  return d === ';' || d === '|' ? `'${d}'` : `U+${d.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function importScript(layout: { arrayDelimiter: string; nodes: string[]; relationships: string[] }): string {
  const lines = [
    '#!/usr/bin/env sh',
    '# Load this export into an EMPTY Neo4j 5 database with neo4j-admin (the database must be stopped, or not',
    '# exist yet). Usage: sh import.sh [database [options]]   (default: neo4j). Set NEO4J_ADMIN to the neo4j-admin to',
    '# run (default: neo4j-admin on the PATH); more options after the database, e.g. --overwrite-destination=true',
    '# to replace an existing one.',
    '# Then, for landing-graph, apply its constraints and indexes (cypher/schema.cypher) on first start.',
    '# These CSV files are exact, for neo4j-admin: a value starting with =, +, - or @ is written as it is (no formula',
    '# is neutralised), so do not open them in a spreadsheet; the CSV of query, networks, flags, changes and resolve',
    '# is the one for people.',
    'set -eu',
    'cd "$(dirname "$0")"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion in the generated script
    'database=${1:-neo4j}',
    '[ "$#" -gt 0 ] && shift',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion in the generated script
    '"${NEO4J_ADMIN:-neo4j-admin}" database import full "$database" \\',
    `  --array-delimiter=${delimiterOption(layout.arrayDelimiter)} \\`,
    '  --multiline-fields=true \\',
    ...layout.nodes.map((f) => `  --nodes=${f} \\`),
    ...layout.relationships.map((f) => `  --relationships=${f} \\`),
    '  "$@"',
  ];
  return `${lines.join('\n')}\n`;
}

function sorted<T>(groups: Map<string, T[]>): Map<string, T[]> {
  return new Map([...groups].sort(([a], [b]) => (a < b ? -1 : 1)));
}
