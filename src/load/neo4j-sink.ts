import type { Driver } from 'neo4j-driver';
import type { GraphBatch } from '../graph/model.js';
import type { PivotBatch } from '../graph/pivots/index.js';
import { type AnswersWritten, writeAnswers } from '../store/answer-writer.js';
import { inWriteTransaction } from '../store/executor.js';
import type { AnswerSink } from './loader.js';

/** A commit that has not finished after this long is ended by Neo4j (and the load stops with its error). */
const COMMIT_TIMEOUT_MS = 180_000;

/** Loaded answers written to Neo4j, one transaction per call, as a crawl's commit writes them. */
export class Neo4jAnswerSink implements AnswerSink {
  constructor(
    private readonly driver: Driver,
    private readonly database?: string,
    private readonly nowIso: () => string = () => new Date().toISOString(),
  ) {}

  write(batches: GraphBatch[], pivots: PivotBatch[]): Promise<AnswersWritten> {
    const now = this.nowIso();
    return inWriteTransaction(
      this.driver,
      (tx) => writeAnswers(tx, batches, pivots, now),
      { ...(this.database ? { database: this.database } : {}), timeoutMs: COMMIT_TIMEOUT_MS },
      'loading answers',
    );
  }
}
