import type { Driver } from 'neo4j-driver';
import type { Changes } from './model.js';
import { readChangeRows, type ChangesRequest, type ReadOptions } from './read.js';
import { buildChanges } from './report.js';

/**
 * `landing-graph changes`: what changed in the landing records between two moments, read from the graph's
 * history (docs/history.md; never crawling). Read (read.ts, cypher/changes/) -> pure core (report.ts) ->
 * outputs (format.ts: JSON, CSV, terminal summary; html.ts: an offline page).
 */
export * from './model.js';
export { buildChanges, recordChange, changeKind, servedAt, linkExistedAt, fieldsAt, type ChangeWindow } from './report.js';
export { readChangeRows, toRecordRow, CHANGES_STATEMENTS, type ChangesRequest, type ChangeRows, type ReadOptions } from './read.js';
export { parseMoment, checkWindow, type Moment } from './window.js';
export { formatJson, formatCsv, formatSummary, changeItems, countByChange, terminalText, CSV_COLUMNS, type ChangeItem } from './format.js';
export { renderChangesHtml, type HtmlContext } from './html.js';

/** Read and build one report. `scope`: nodes within the depth of the seeds, or null for the whole graph. */
export async function changeReport(
  driver: Driver,
  request: ChangesRequest,
  options: ReadOptions = {},
): Promise<Changes & { scope: number | null }> {
  const { window, rows, scope } = await readChangeRows(driver, request, options);
  return { ...buildChanges(rows, window), scope };
}
