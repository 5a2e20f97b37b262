import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll } from 'vitest';
import { CrawlStore } from '../../src/store/crawl-store.js';
import { frontierStoreContract } from '../crawl/frontier-store.contract.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

let driver: Driver;
beforeAll(async () => {
  driver = await openTestDriver();
});
afterAll(async () => {
  await driver?.close();
});

frontierStoreContract('CrawlStore (Neo4j)', async () => {
  await resetGraph(driver);
  return {
    store: new CrawlStore(driver, testConnection().database),
    // A queue row Neo4j refuses (a map is no property value): frontier-complete fails after the records were written.
    failing: (commit) => ({
      ...commit,
      queue: [
        ...commit.queue,
        { uid: `poison-${Date.now()}`, kind: 'company', id: null, key: null, depth: { not: 'a depth' } as unknown as number },
      ],
    }),
  };
});
