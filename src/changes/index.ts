import type { Driver } from 'neo4j-driver';
import type { Changes } from './model.js';
import { eachChangeRow, type ChangesRequest, type ReadOptions } from './read.js';
import { changesBuilder, changesInOrder } from './report.js';
import { LandingGraphError } from '../errors.js';
import type { HitChange, RecordChange } from './model.js';

/**
 * `landing-graph changes`: what changed in the landing records between two moments, read from the graph's
 * history (docs/history.md; never crawling). Read (read.ts, cypher/changes/) -> pure core (report.ts) ->
 * outputs (format.ts: JSON, CSV, terminal summary; html.ts: an offline page).
 */
export * from './model.js';
export {
  buildChanges,
  changesBuilder,
  changesInOrder,
  recordChange,
  changeKind,
  servedAt,
  linkExistedAt,
  fieldsAt,
  type ChangeWindow,
} from './report.js';
export {
  readChangeRows,
  eachChangeRow,
  toRecordRow,
  toHitRow,
  CHANGES_STATEMENTS,
  type ChangesRequest,
  type ChangeRows,
  type ReadOptions,
} from './read.js';
export { parseMoment, checkWindow, type Moment } from './window.js';
export { hitChanges, hitChangeKind } from './hits.js';
export {
  formatJson,
  jsonHead,
  jsonRecord,
  JSON_TAIL,
  formatCsv,
  formatSummary,
  changeItems,
  countByChange,
  terminalText,
  CSV_COLUMNS,
  type ChangeItem,
} from './format.js';
export { renderChangesHtml, type HtmlContext } from './html.js';

/**
 * Read and build one report, each row reduced to its change as it arrives (the rows are never held together).
 * `scope`: nodes within the depth of the seeds, or null for the whole graph.
 */
export async function changeReport(
  driver: Driver,
  request: ChangesRequest,
  options: ReadOptions = {},
): Promise<Changes & { scope: number | null }> {
  let builder: ReturnType<typeof changesBuilder> | undefined;
  const { scope } = await eachChangeRow(driver, request, options, (window, hits) => {
    builder = changesBuilder(window, hits);
    return builder.add;
  });
  return { ...builder!.finish(), scope };
}

/**
 * The report's records one at a time, in its order, as they are read: none is held after `onRecord` took it (the
 * --json output of a graph's first report lists every record it holds). `onStart` learns the window and the
 * watch-list hits (few, and first in the report) before the first record. A read that the driver would retry after records were handed on fails instead: they cannot be
 * taken back.
 */
export async function eachChange(
  driver: Driver,
  request: ChangesRequest,
  options: ReadOptions,
  onStart: (head: { since: string; until: string; hits: HitChange[] }) => void,
  onRecord: (record: RecordChange) => void | Promise<void>,
): Promise<{ count: number; scope: number | null }> {
  let count = 0;
  let order: ReturnType<typeof changesInOrder> | undefined;
  const { scope } = await eachChangeRow(driver, request, options, (window, hits) => {
    if (count > 0) {
      throw new LandingGraphError(
        'NEO4J_UNAVAILABLE',
        'the read of the change report broke off after part of it was written: run the command again',
      );
    }
    onStart({ since: new Date(window.since).toISOString(), until: new Date(window.until).toISOString(), hits });
    order = changesInOrder(window, (record) => {
      count++;
      return onRecord(record);
    });
    return order.add;
  });
  await order!.end();
  return { count, scope };
}
