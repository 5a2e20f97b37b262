import type { Driver } from 'neo4j-driver';
import type { LandingKind } from '../api/kinds.js';
import { runNamed } from '../store/executor.js';
import type { StoredAnswer } from './answers.js';

const PAGE = 500;

/**
 * The answers a graph holds (fetched records' raw text, with when they were fetched), kind by kind in
 * page-number order, a page per read transaction: for re-deriving properties, pivots and links after the
 * mapping changed, without asking the service.
 */
export async function* answersInGraph(driver: Driver, kinds: readonly LandingKind[], database?: string): AsyncGenerator<StoredAnswer> {
  for (const kind of kinds) {
    let after = -1;
    for (;;) {
      const rows = await runNamed(
        driver,
        'load/stored-answers',
        { kind, after, limit: PAGE },
        { mode: 'read', ...(database ? { database } : {}) },
      );
      for (const row of rows) yield { kind, text: String(row.raw), fetchedAt: String(row.fetchedAt), origin: `graph ${kind}#${row.id}` };
      if (rows.length < PAGE) break;
      after = Number(rows[rows.length - 1]!.id);
    }
  }
}
