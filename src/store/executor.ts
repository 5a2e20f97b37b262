import neo4j, { isRetryableError, type Driver, type ManagedTransaction, type Session } from 'neo4j-driver';
import { cypher } from './cypher-files.js';
import { toStoreError } from './neo4j-errors.js';
import { toNeo4jParams } from './params.js';

/**
 * Where a statement runs: a driver (each call its own managed transaction), a session, or a managed
 * transaction that the caller already holds (so several statements commit together). As in
 * neo4j/graphql, library code accepts any of the three.
 */
export type Executor = Driver | Session | ManagedTransaction;

export interface RunOptions {
  /** Default: 'write'. */
  mode?: 'read' | 'write';
  /**
   * Server-side time-out of the transaction (with a driver or session; a transaction passed in keeps
   * its own): a transaction that hangs is ended by Neo4j and reported as NEO4J_UNAVAILABLE, so the
   * caller retries instead of waiting for ever. Default: none (the server's db.transaction.timeout).
   */
  timeoutMs?: number;
  /** The database; only used with a Driver. Default: the server's default database. */
  database?: string;
}

export type Row = Record<string, unknown>;

function isDriver(executor: Executor): executor is Driver {
  return typeof (executor as Driver).executeQuery === 'function';
}
function isSession(executor: Executor): executor is Session {
  return typeof (executor as Session).executeWrite === 'function';
}

/** Run the statement `cypher/<name>.cypher` with parameters and return the rows as plain objects. */
export async function runNamed(
  executor: Executor,
  name: string,
  params: Record<string, unknown> = {},
  options: RunOptions = {},
): Promise<Row[]> {
  return runText(executor, cypher(name), params, options, name);
}

/**
 * Run `cypher/<name>.cypher` in the caller's transaction and hand each row to `onRow` as it arrives: the
 * result is pulled in batches as it is consumed, never held whole (a read of hundreds of thousands of rows);
 * an `onRow` that returns a promise (a write that waits on its stream) holds the next row back until it settles.
 */
export async function eachNamed(
  tx: ManagedTransaction,
  name: string,
  params: Record<string, unknown>,
  onRow: (row: Row) => void | Promise<void>,
): Promise<void> {
  try {
    for await (const record of tx.run(cypher(name), toNeo4jParams(params))) await onRow(record.toObject());
  } catch (error) {
    throw inTransactionError(error, name);
  }
}

/** Run a statement text (only for text read from cypher/ files). Whole numbers are sent as Integers. */
export async function runText(
  executor: Executor,
  statement: string,
  params: Record<string, unknown>,
  options: RunOptions = {},
  what = 'a query',
): Promise<Row[]> {
  const mode = options.mode ?? 'write';
  params = toNeo4jParams(params);
  try {
    if (isDriver(executor)) {
      const result = await executor.executeQuery(statement, params, {
        routing: mode === 'read' ? neo4j.routing.READ : neo4j.routing.WRITE,
        ...(options.database ? { database: options.database } : {}),
        transactionConfig: txConfig(options),
      });
      return result.records.map((r) => r.toObject());
    }
    if (isSession(executor)) {
      const work = async (tx: ManagedTransaction) => (await tx.run(statement, params)).records.map((r) => r.toObject());
      return mode === 'read' ? await executor.executeRead(work, txConfig(options)) : await executor.executeWrite(work, txConfig(options));
    }
    return (await executor.run(statement, params)).records.map((r) => r.toObject());
  } catch (error) {
    throw isDriver(executor) || isSession(executor) ? toStoreError(error, what) : inTransactionError(error, what);
  }
}

/**
 * An error of a statement in a managed transaction that the driver may retry (a deadlock between two
 * commits, a leader switch) is left as it is: the driver only retries its own retryable errors, and
 * whoever opened the transaction converts what is still thrown once the retries are spent.
 */
function inTransactionError(error: unknown, what: string): unknown {
  return isRetryableError(error) ? error : toStoreError(error, what);
}

/**
 * Run `work` inside one managed write transaction (retried by the driver on transient errors, so
 * `work` must be idempotent). With a transaction as executor, `work` joins it.
 */
export async function inWriteTransaction<T>(
  executor: Executor,
  work: (tx: ManagedTransaction) => Promise<T>,
  options: RunOptions = {},
  what = 'a write',
): Promise<T> {
  try {
    if (isDriver(executor)) {
      const session = executor.session(options.database ? { database: options.database } : {});
      try {
        return await session.executeWrite(work, txConfig(options));
      } finally {
        await session.close();
      }
    }
    if (isSession(executor)) return await executor.executeWrite(work, txConfig(options));
    return await work(executor);
  } catch (error) {
    throw toStoreError(error, what);
  }
}

/**
 * Run `work` inside one managed read transaction of a session of its own (retried by the driver on transient errors:
 * `work` must start again from nothing each time). What is still thrown is a store error saying it happened in `what`.
 */
export async function inReadTransaction<T>(
  driver: Driver,
  work: (tx: ManagedTransaction) => Promise<T>,
  options: Pick<RunOptions, 'database' | 'timeoutMs'> = {},
  what = 'a read',
): Promise<T> {
  const session = driver.session({ defaultAccessMode: neo4j.session.READ, ...(options.database ? { database: options.database } : {}) });
  try {
    return await session.executeRead(work, txConfig(options));
  } catch (error) {
    throw toStoreError(error, what);
  } finally {
    await session.close();
  }
}

function txConfig(options: RunOptions): { timeout?: number } {
  return options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs };
}
