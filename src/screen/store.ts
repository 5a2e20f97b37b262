import type { Driver } from 'neo4j-driver';
import { eachNamed, inReadTransaction, inWriteTransaction, runNamed } from '../store/executor.js';
import type { Hit, ScreenRecord } from './match.js';
import { type RecordRow, screenRecordOf } from './records.js';

/** A hit a re-screening no longer found, as cypher/screen/retire-hits.cypher returns it. */
export interface RetiredHit {
  kind: 'company' | 'person';
  key: string;
  name: string | null;
  entityId: string;
  caption: string;
  topics: string[];
  property: string;
  value: string;
}

/** Every company and person of the graph, streamed in one read transaction. */
export async function readScreenRecords(driver: Driver, database: string | undefined): Promise<ScreenRecord[]> {
  return inReadTransaction(
    driver,
    async (tx) => {
      const records: ScreenRecord[] = [];
      await eachNamed(tx, 'screen/records', {}, (row) => {
        const record = screenRecordOf(row as unknown as RecordRow);
        if (record) records.push(record);
      });
      return records;
    },
    { database },
    'reading the companies and people to screen',
  );
}

export interface HitWrite {
  list: string;
  file: string;
  /** ISO date-time. */
  listDate: string;
  now: string;
}

/**
 * Write the hits of one list and retire the list's earlier hits not found again, in one write transaction: a run
 * writes all of it or nothing.
 */
export async function writeHits(
  driver: Driver,
  hits: readonly Hit[],
  at: HitWrite,
  database: string | undefined,
): Promise<{ written: number; new: number; retired: RetiredHit[] }> {
  return inWriteTransaction(
    driver,
    async (tx) => {
      const rows = hits.map((h) => ({
        element: h.record.element,
        entityId: h.entity.id,
        schema: h.entity.schema,
        caption: h.entity.caption,
        topics: h.entity.topics,
        datasets: h.entity.datasets,
        how: h.how,
        property: h.property,
        value: h.value,
        score: h.score,
        variants: h.variants,
      }));
      const [w] = await runNamed(tx, 'screen/write-hits', { hits: rows, ...at });
      const retired = await runNamed(tx, 'screen/retire-hits', { list: at.list, now: at.now });
      return { written: Number(w?.written ?? 0), new: Number(w?.new ?? 0), retired: retired as unknown as RetiredHit[] };
    },
    { database },
    'writing the screening hits',
  );
}
