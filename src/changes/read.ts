import neo4j, { type Driver, type ManagedTransaction } from 'neo4j-driver';
import type { LandingRef } from '../api/refs.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import { eachNamed, inReadTransaction, runNamed } from '../store/executor.js';
import { SCOPE_STATEMENTS, walkScope } from '../store/scope.js';
import { COMPARED_FIELDS } from '../store/history-rows.js';
import { hitChanges } from './hits.js';
import type { FieldValue, HitChange, HitRow, LinkRow, RecordRow, VersionRow } from './model.js';
import type { ChangeWindow } from './report.js';
import { checkWindow, type Moment } from './window.js';

/** The statements a change report runs, in order (cypher/changes/). */
export const CHANGES_STATEMENTS = ['changes/crawl-started', ...SCOPE_STATEMENTS, 'changes/hits', 'changes/records'];

export interface ChangesRequest {
  since: Moment;
  until: Moment;
  /** Limit the report to the records of `<seeds> --depth N` (docs/scope.md; none: the whole graph). */
  seeds: readonly LandingRef[];
  depth: number;
}

export interface ReadOptions {
  database?: string | undefined;
}

export interface ChangeRows {
  window: ChangeWindow;
  /** The watch-list hits new or retired in the window, in the report's order (hits.ts). */
  hits: HitChange[];
  rows: RecordRow[];
  /** Records in scope (`<seeds> --depth N`, docs/scope.md), when seeds were given. */
  scope: number | null;
}

/**
 * Read the rows of a change report in one read transaction (one consistent snapshot): the crawl a
 * `--since <crawl id>` names, the walk from the seeds, the watch-list hits (cypher/changes/hits.cypher), then the
 * candidate records with their versions and relationships (cypher/changes/records.cypher). An unknown crawl id or an empty window is CONFIG_INVALID,
 * unknown seeds SEED_INVALID.
 */
export async function readChangeRows(driver: Driver, request: ChangesRequest, options: ReadOptions = {}): Promise<ChangeRows> {
  let rows: RecordRow[] = [];
  const { window, hits, scope } = await eachChangeRow(driver, request, options, () => {
    rows = [];
    return (row) => {
      rows.push(row);
    };
  });
  return { window, hits, rows, scope };
}

/**
 * readChangeRows a row at a time: `start` is called with the window and the watch-list hits once the transaction
 * knows them (again when the driver retries the transaction) and returns what takes each row as it arrives; the rows
 * are never held together (a graph's first report lists every record, with all its links). Hits are few (matches of
 * a list, not the list) and come first, as the report puts them.
 */
export async function eachChangeRow(
  driver: Driver,
  request: ChangesRequest,
  options: ReadOptions,
  start: (window: ChangeWindow, hits: HitChange[]) => (row: RecordRow) => void | Promise<void>,
): Promise<Omit<ChangeRows, 'rows'>> {
  return inReadTransaction(
    driver,
    async (tx) => {
      const since = await momentAt(tx, request.since);
      const until = await momentAt(tx, request.until);
      checkWindow(since, until);
      const scope = request.seeds.length > 0 ? await walk(tx, request.seeds, request.depth) : null;
      const params = { since: new Date(since).toISOString(), until: new Date(until).toISOString(), fields: COMPARED_FIELDS, scope };
      const hits = hitChanges((await runNamed(tx, 'changes/hits', params)).map(toHitRow), { since, until });
      const onRow = start({ since, until }, hits);
      await eachNamed(tx, 'changes/records', params, (row) => onRow(toRecordRow(row)));
      return { window: { since, until }, hits, scope: scope?.length ?? null };
    },
    { database: options.database },
    'the change report',
  );
}

async function momentAt(tx: ManagedTransaction, moment: Moment): Promise<number> {
  if (moment.crawlId === undefined) return moment.at;
  const [row] = await runNamed(tx, 'changes/crawl-started', { crawlId: moment.crawlId });
  if (!row || typeof row.startedAt !== 'number') {
    throw new LandingGraphError(
      'CONFIG_INVALID',
      `--since ${quoteValue(moment.crawlId)} is not a crawl in the graph, nor a date-time (2026-05-01T00:00:00Z) or a duration (1d); the crawls query lists the crawls`,
    );
  }
  return row.startedAt;
}

/**
 * Element ids of the records of `<seeds> --depth N` (docs/scope.md), list relationships removed since walked too
 * (state 'ever'): a record dropped from a list within the window is still reported, as a change of it.
 */
async function walk(tx: ManagedTransaction, seeds: readonly LandingRef[], depth: number): Promise<string[]> {
  return (await walkScope(tx, seeds, { depth, state: 'ever' })).elementIds;
}

/** The list a column holds (a version or a link is a list, its values by position: cypher/changes/records.cypher). */
function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A row of changes/records as the pure core takes it. */
export function toRecordRow(row: Record<string, unknown>): RecordRow {
  return {
    kind: String(row.kind),
    id: numberOrNull(row.id),
    key: textOrNull(row.key),
    status: String(row.status ?? ''),
    firstFetchedAt: numberOrNull(row.firstFetchedAt),
    goneAt: numberOrNull(row.goneAt),
    backAt: numberOrNull(row.backAt),
    current: fieldValues(row.current),
    versions: listOf(row.versions).map((v): VersionRow => {
      const [supersededAt, values] = listOf(v);
      return { supersededAt: Number(supersededAt), values: fieldValues(values) };
    }),
    links: listOf(row.links).map((l): LinkRow => {
      const [type, list, role, landing, kind, id, key, title, firstSeenAt, removals, returns] = listOf(l);
      return {
        type: String(type),
        list: textOrNull(list),
        role: textOrNull(role),
        target: {
          landing: landing === true,
          kind: String(kind ?? ''),
          id: numberOrNull(id),
          key: textOrNull(key),
          title: textOrNull(title),
        },
        firstSeenAt: numberOrNull(firstSeenAt),
        removals: listOf(removals).map(Number),
        returns: listOf(returns).map(Number),
      };
    }),
  };
}

/** A row of changes/hits as the pure core takes it. */
export function toHitRow(row: Record<string, unknown>): HitRow {
  const texts = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const times = (value: unknown) => (Array.isArray(value) ? value.map((x) => numberOrNull(x) ?? Number(x)) : []);
  return {
    record: {
      kind: row.kind === 'person' ? 'person' : 'company',
      id: numberOrNull(row.id),
      key: String(row.key ?? ''),
      name: textOrNull(row.name),
    },
    list: String(row.list ?? ''),
    entity: {
      id: String(row.entityId ?? ''),
      schema: String(row.schema ?? ''),
      caption: String(row.caption ?? ''),
      topics: texts(row.topics),
      datasets: texts(row.datasets),
    },
    file: textOrNull(row.file),
    listDate: numberOrNull(row.listDate),
    how: String(row.how ?? ''),
    property: String(row.property ?? ''),
    value: String(row.value ?? ''),
    score: numberOrNull(row.score) ?? 0,
    firstSeenAt: numberOrNull(row.firstSeenAt),
    removals: times(row.removals),
    returns: times(row.returns),
  };
}

/** The values of COMPARED_FIELDS (a list in that order) by name; absent ones null. */
function fieldValues(values: unknown): Record<string, FieldValue> {
  const list = Array.isArray(values) ? values : [];
  const out: Record<string, FieldValue> = {};
  COMPARED_FIELDS.forEach((name, i) => {
    out[name] = plain(list[i]);
  });
  return out;
}

/** A stored value as JSON: temporal values (never expected among the compared fields) as ISO text. */
function plain(value: unknown): FieldValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value))
    return value.map((v) => plain(v)).filter((v): v is string | number | boolean => v !== null && !Array.isArray(v));
  if (neo4j.isInt(value)) return value.toNumber();
  return String(value);
}

function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (neo4j.isInt(value)) return value.toNumber();
  return null;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
