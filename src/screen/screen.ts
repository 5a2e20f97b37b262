import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Driver } from 'neo4j-driver';
import { LandingGraphError } from '../errors.js';
import { compareCodeUnits } from '../order.js';
import { type Hit, matchEntity, screenIndex } from './match.js';
import { readList } from './read-list.js';
import { type RetiredHit, readScreenRecords, writeHits } from './store.js';

export interface ScreenOptions {
  database?: string | undefined;
  /** The list's name, which ties a newer file to the hits of an older one. Default: listName(file). */
  name?: string | undefined;
  /** The run's time (firstSeenAt, lastSeenAt, removedAt). Default: now. */
  now?: Date;
}

export interface ScreenResult {
  list: string;
  file: string;
  /** The list file's modification time, ISO. */
  listDate: string;
  /** Entities screened (Company, Organization, LegalEntity, Person). */
  read: number;
  /** Entities of other schemata, by schema. */
  skipped: Record<string, number>;
  /** Companies and people of the graph screened against. */
  records: number;
  /** Most certain first, then by the record's key. */
  hits: Hit[];
  /** Hits first seen in this run. */
  newHits: number;
  /** Earlier hits of this list no longer found, retired now. */
  retired: RetiredHit[];
}

/** A list's default name: its file's name without the endings of its format (`entities.ftm.json.gz` -> `entities`). */
export function listName(file: string): string {
  return path.basename(file).replace(/(\.(ftm|json|jsonl|ndjson|csv|txt|gz))+$/i, '') || path.basename(file);
}

/** Lines of a list read before the graph is opened (checkListHead). */
export const LIST_HEAD_LINES = 1_000;

/**
 * Read the head of a list and stop: a file that is not a list, or whose first lines break, is refused with
 * LIST_INVALID before a local Neo4j is started or a database opened (seconds, not the wait for a server). The whole
 * file is read again, and checked to its last line, by screenList.
 */
export async function checkListHead(file: string, lines = LIST_HEAD_LINES): Promise<void> {
  let read = 0;
  for await (const _ of readList(file)) if (++read >= lines) return;
}

/**
 * Screen the graph against a list: read the graph's companies and people, stream the list entity by entity keeping
 * only the hits, then write them (and retire the list's hits not found again) in one transaction. A bad list stops
 * before anything is written.
 */
export async function screenList(driver: Driver, file: string, options: ScreenOptions = {}): Promise<ScreenResult> {
  const now = (options.now ?? new Date()).toISOString();
  const list = options.name ?? listName(file);
  if (list.trim() === '') throw new LandingGraphError('CONFIG_INVALID', '--name must not be empty');
  const records = await readScreenRecords(driver, options.database);
  const index = screenIndex(records);
  const hits: Hit[] = [];
  const skipped: Record<string, number> = {};
  let read = 0;
  for await (const item of readList(file)) {
    if ('skipped' in item) skipped[item.skipped] = (skipped[item.skipped] ?? 0) + 1;
    else {
      read++;
      hits.push(...matchEntity(item.entity, index));
    }
  }
  const listDate = (await stat(file)).mtime.toISOString();
  const written = await writeHits(driver, hits, { list, file: path.basename(file), listDate, now }, options.database);
  hits.sort((a, b) => b.score - a.score || compareCodeUnits(a.record.key, b.record.key) || compareCodeUnits(a.entity.id, b.entity.id));
  return {
    list,
    file: path.basename(file),
    listDate,
    read,
    skipped,
    records: records.length,
    hits,
    newHits: written.new,
    retired: written.retired,
  };
}
