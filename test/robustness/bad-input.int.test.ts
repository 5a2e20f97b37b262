import { describe, expect } from 'vitest';
import { SPECIALS } from '../../src/sandbox/index.js';
import { crawlTest, withSetUp } from '../support/fixtures.js';
import { resetGraph } from '../support/neo4j.js';

/**
 * The sandbox's special records, crawled from the hostile-title company: hostile strings, a 10,000-entry
 * list, a 5 MB record, a self-reference, a duplicated entry and a record that breaks the schema.
 */
// The crawl is set up for the first test, within its time-out.
describe('bad input from the service', () => {
  const test = withSetUp(crawlTest({ records: 200, seed: 3, specials: true }), async ({ crawl, driver }) => {
    await resetGraph(driver);
    const result = await crawl([{ kind: 'company', key: SPECIALS.hostileTitle.inn }], { maxDepth: 1, commitIntervalMs: 20 });
    expect(result.status).toBe('finished');
  }).extend<{ q: (cypher: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>[]> }>({
    q: async ({ driver, database }, use) => {
      await use(async (cypher, params = {}) => (await driver.executeQuery(cypher, params, { database })).records.map((r) => r.toObject()));
    },
  });

  test('stores hostile titles verbatim (quotes, a Cypher injection, Cyrillic, emoji) and deletes nothing', async ({ q }) => {
    for (const special of [SPECIALS.hostileTitle, SPECIALS.quotesTitle, SPECIALS.emojiTitle]) {
      expect(await q('MATCH (c:Company {id: $id}) RETURN c.title AS title, c.status AS status', { id: special.id })).toEqual([
        { title: special.title, status: 'fetched' },
      ]);
    }
    const [email] = await q('MATCH (e:Email {id: $id}) RETURN e.key AS key, e.title AS title', { id: SPECIALS.quotedEmail.id });
    expect(email).toEqual({ key: SPECIALS.quotedEmail.key, title: SPECIALS.quotedEmail.title });
  });

  test('keeps a record that breaks the schema raw and flagged, and crawls on', async ({ q }) => {
    const [row] = await q('MATCH (d:Domain {id: $id}) RETURN d.status AS status, d.schemaError AS error, d.raw AS raw', {
      id: SPECIALS.schemaBreaker.id,
    });
    expect(row?.status).toBe('fetched');
    expect(row?.error).toMatch(/websiteResponseHeaders\.statusCode|relatedDomains\[\d+\]\.id/);
    expect(JSON.parse(row?.raw as string)).toMatchObject({ id: SPECIALS.schemaBreaker.id });
    const [task] = await q('MATCH (t:CrawlTask) WHERE t.uid ENDS WITH $ref RETURN t.state AS state', {
      ref: `|domain#${SPECIALS.schemaBreaker.id}`,
    });
    expect(task?.state).toBe('invalid');
  });

  test('writes a 10,000-entry list as 10,000 edges and a 5 MB record whole', async ({ q }) => {
    const [big] = await q('MATCH (c:Company {id: $id})-[r:RELATED {list: $list}]->(d:Domain) RETURN count(DISTINCT d) AS n', {
      id: SPECIALS.bigList.id,
      list: SPECIALS.bigList.field,
    });
    expect(big?.n).toBe(SPECIALS.bigList.size);
    const [huge] = await q('MATCH (d:Domain {id: $id}) RETURN size(d.raw) AS size, d.status AS status', { id: SPECIALS.hugeRecord.id });
    expect(huge?.status).toBe('fetched');
    expect(huge?.size as number).toBeGreaterThan(4_500_000);
  });

  test('keeps a self-reference as a self loop and a duplicated entry as one edge', async ({ q }) => {
    const self = await q('MATCH (c:Company {id: $id})-[r]->(c) RETURN r.list AS list ORDER BY list', { id: SPECIALS.selfReference.id });
    expect(self.map((r) => r.list)).toEqual([...SPECIALS.selfReference.fields].sort());
    const dup = await q('MATCH (:Domain {id: $id})-[r {list: $list}]->(:Email {id: $to}) RETURN count(r) AS n', {
      id: SPECIALS.duplicatedEntry.id,
      list: SPECIALS.duplicatedEntry.field,
      to: SPECIALS.duplicatedEntry.duplicatedId,
    });
    expect(dup).toEqual([{ n: 1 }]);
  });
});
