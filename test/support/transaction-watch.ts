import type { Driver } from 'neo4j-driver';
import { connectNeo4j, type Neo4jConnection } from '../../src/store/connect.js';

/**
 * While the tests run, print every Neo4j transaction that has been open for more than `olderThanS`
 * seconds (query, status, lock waits), checked every `everyMs`. A test that hangs on Neo4j then leaves
 * in the CI log what it waited for, instead of only a time-out. Returns a function that stops watching.
 */
export function watchLongTransactions(
  connection: Neo4jConnection,
  options: { everyMs?: number; olderThanS?: number } = {},
): () => Promise<void> {
  const everyMs = options.everyMs ?? 30_000;
  const olderThanS = options.olderThanS ?? 60;
  let driver: Driver | undefined;
  let busy = false;
  const seen = new Set<string>();
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void check().finally(() => (busy = false));
  }, everyMs);
  timer.unref();

  async function check(): Promise<void> {
    try {
      driver ??= await connectNeo4j(connection);
      const { records } = await driver.executeQuery(
        `SHOW TRANSACTIONS YIELD transactionId, currentQuery, status, statusDetails, elapsedTime, waitTime, idleTime, activeLockCount, clientAddress
         WHERE elapsedTime.seconds > $olderThanS AND NOT currentQuery STARTS WITH 'SHOW TRANSACTIONS'
         RETURN transactionId, left(replace(currentQuery, '\n', ' '), 200) AS query, status, statusDetails,
                toString(elapsedTime) AS elapsed, toString(waitTime) AS wait, toString(idleTime) AS idle, activeLockCount AS locks, clientAddress AS client`,
        { olderThanS },
        connection.database ? { database: connection.database } : {},
      );
      for (const record of records) {
        const row = record.toObject();
        const line = JSON.stringify(row, (_key, value: unknown) =>
          typeof value === 'object' && value !== null && 'low' in value ? String(value) : value,
        );
        const key = `${String(row.transactionId)}|${String(row.status)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        console.log(`[neo4j-watch] transaction open for more than ${olderThanS} s: ${line}`);
      }
    } catch {
      // Neo4j restarting (a test does that on purpose) or gone: nothing to report now.
    }
  }

  return async () => {
    clearInterval(timer);
    await driver?.close();
  };
}
