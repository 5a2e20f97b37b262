import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskUid } from '../../src/crawl/settle.js';
import { CrawlStore } from '../../src/store/crawl-store.js';
import { frontierStoreContract } from '../crawl/frontier-store.contract.js';
import { openTestDriver, plainRows, resetGraph, testConnection } from '../support/neo4j.js';

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

describe('CrawlStore: a frontier queued before tasks had a rank', () => {
  it('pages every queued task once, those without a rank among those with one', async () => {
    await resetGraph(driver);
    const store = new CrawlStore(driver, testConnection().database);
    const crawlId = `unranked-${Date.now()}`;
    const seeds = Array.from({ length: 40 }, (_, i) => ({
      uid: taskUid(crawlId, { kind: 'domain', id: i + 1 }),
      kind: 'domain' as const,
      id: i + 1,
      key: null,
    }));
    const crawl = { id: crawlId, fingerprint: `fp-${crawlId}`, seeds: [], maxDepth: 1, options: '{}', baseUrl: 'http://sandbox.test' };
    await store.create(crawl, seeds, '2026-03-01T10:00:00.000Z');
    // As an older version left them: every other task has no rank.
    await plainRows(driver, 'MATCH (t:CrawlTask {crawlId: $crawlId}) WHERE t.id % 2 = 0 REMOVE t.rank', { crawlId });
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = await store.page(crawlId, 0, after, 3);
      if (page.tasks.length === 0) break;
      seen.push(...page.tasks.map((t) => t.uid));
      after = page.next;
    }
    expect(seen.sort()).toEqual(seeds.map((s) => s.uid).sort());
  });
});
