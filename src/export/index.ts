import type { Driver } from 'neo4j-driver';
import { LandingGraphError } from '../errors.js';
import { RAW_FORMATS, type ExportFormat, type ExportRequest, type Subgraph } from './model.js';
import { readSubgraph, type ReadOptions } from './read.js';
import { writeCsv } from './writers/csv.js';
import { writeCypher } from './writers/cypher.js';
import { writeFtm } from './writers/ftm.js';
import { writeGraphml } from './writers/graphml.js';
import { type CaseFileOptions, writeHtml } from './writers/html.js';
import { writeJson } from './writers/json.js';
import { checkOutFolder, type WrittenExport } from '../render/output.js';
import type { ReportSection } from '../render/report-section.js';

/**
 * `landing-graph export`: read the subgraph around seeds from Neo4j (never crawling) and write it as JSON,
 * GraphML, CSV for neo4j-admin import, a Cypher script, an HTML case file or FollowTheMoney entities.
 */
export * from './model.js';
export { readSubgraph, elementKeyOf, exportStatements, type ReadOptions } from './read.js';
export { parseAsOf } from '../time/date-time.js';
export { cleanUri } from '../render/provenance.js';
export type { WrittenExport } from '../render/output.js';
export type { CaseFileOptions } from './writers/html.js';
export { writeCsv, writeCypher, writeFtm, writeGraphml, writeHtml, writeJson };
export { ftmEntities, type FtmEntity } from './ftm/entities.js';

const WRITERS: Record<ExportFormat, (subgraph: Subgraph, out: string) => Promise<WrittenExport>> = {
  json: writeJson,
  graphml: writeGraphml,
  csv: writeCsv,
  cypher: writeCypher,
  html: writeHtml,
  ftm: writeFtm,
};

/** Write a subgraph in a format: a file at `out`, or for csv a folder. */
export async function writeExport(subgraph: Subgraph, format: ExportFormat, out: string): Promise<WrittenExport> {
  return WRITERS[format](subgraph, out);
}

export interface ExportResult {
  subgraph: Subgraph;
  written: WrittenExport;
  /** Milliseconds spent reading from Neo4j and writing the output. */
  timings: { readMs: number; writeMs: number };
}

export interface ExportOptions extends ReadOptions {
  /**
   * The html case file's opening section, made from the subgraph just read (the CLI passes the seeds' networks,
   * src/network). Called for html only. Default: none.
   */
  findings?: (subgraph: Subgraph) => Promise<ReportSection>;
  /** The html case file's layout (whether its appendix prints). */
  caseFile?: CaseFileOptions;
}

/**
 * Read and write one export; the html case file opens with `options.findings`. `includeRaw` is refused for
 * formats other than json and cypher (the raw records do not belong in tables, pictures or GraphML) as
 * CONFIG_INVALID, before anything is read.
 */
export async function exportSubgraph(
  driver: Driver,
  request: ExportRequest & { format: ExportFormat; out: string },
  options: ExportOptions = {},
): Promise<ExportResult> {
  if (request.includeRaw && !RAW_FORMATS.includes(request.format)) {
    throw new LandingGraphError('CONFIG_INVALID', `--include-raw applies to ${RAW_FORMATS.join(' and ')} only, not ${request.format}`);
  }
  await checkOutFolder(request.out);
  const started = performance.now();
  const subgraph = await readSubgraph(driver, { ...request, endedRoles: request.format === 'ftm' }, options);
  const findings = request.format === 'html' && options.findings ? await options.findings(subgraph) : undefined;
  const read = performance.now();
  const written =
    request.format === 'html'
      ? await writeHtml(subgraph, request.out, findings, options.caseFile)
      : await writeExport(subgraph, request.format, request.out);
  return { subgraph, written, timings: { readMs: Math.round(read - started), writeMs: Math.round(performance.now() - read) } };
}
