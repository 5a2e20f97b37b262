import neo4j from 'neo4j-driver';
import type { LandingRef } from '../../src/api/refs.js';
import { computeFlags } from '../../src/flags/index.js';
import { computeNetworks } from '../../src/network/index.js';
import { renderBrowserGuide } from '../../src/query/browser-guide.js';
import { loadQueries } from '../../src/query/library.js';
import { crawlTest, withSetUp } from '../support/fixtures.js';
import { describe, expect } from 'vitest';

/**
 * Every slide of the Browser guide, run as an analyst runs it on the demo graph (the sandbox of `landing-graph
 * demo`, 2,000 records, seed 1, crawled from the demo's seeds to depth 2, then `networks` and `flags` over the
 * crawl): its `:param` block evaluated by the server as Browser evaluates it, then its picture and its table. Each
 * returns at least one row: no slide starts from values that find nothing.
 */

const DEMO_SEEDS: LandingRef[] = [
  { kind: 'company', key: '6603287918' },
  { kind: 'domain', key: 'school.ru' },
  { kind: 'email', key: 'spavlov643@yandex.ru' },
];

const test = withSetUp(crawlTest({ records: 2000, seed: 1 }), async ({ crawl, driver, database }) => {
  const result = await crawl(DEMO_SEEDS, { maxDepth: 2 });
  expect(result.status).toBe('finished');
  const scope = { type: 'crawl', crawlId: result.crawlId } as const;
  await computeFlags(driver, scope, { database });
  await computeNetworks(driver, scope, { database });
});

const queries = loadQueries();

/** The runnable blocks of each query's slide, as Browser copies them into its editor (HTML unescaped). */
function slideBlocks(): { name: string; blocks: string[] }[] {
  const slides = renderBrowserGuide(queries).split('<slide class="row-fluid">').slice(3); // after the intro and the networks slide
  return queries.map((q, i) => ({
    name: q.name,
    blocks: [...(slides[i] ?? '').matchAll(/<pre class="pre-scrollable code runnable">([\s\S]*?)<\/pre>/g)].map((m) =>
      (m[1] as string).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
    ),
  }));
}

describe("the guide's slides on the demo graph", () => {
  test.for(slideBlocks().map((s) => [s.name, s.blocks] as const))(
    '%s: its parameters as set, its picture and its table each return rows',
    async ([name, blocks], { driver, database }) => {
      const query = queries.find((q) => q.name === name);
      const [settings, picture, table] = query?.params.length ? blocks : ['', ...blocks];
      expect([picture, table]).toEqual([query?.picture?.statement, query?.statement]);
      // `:param name => <literal>`: Browser has the server evaluate the literal.
      const params: Record<string, unknown> = {};
      for (const line of (settings ?? '').split('\n').filter(Boolean)) {
        const [, param, literal] = /^:param (\w+) => (.*);$/.exec(line) ?? [];
        expect(param, line).toBeDefined();
        const { records } = await driver.executeQuery(`RETURN ${literal} AS value`, {}, { database });
        // Browser keeps an integer an integer (LIMIT refuses 50.0); the test's driver reads numbers as numbers.
        params[param as string] = /^-?\d+$/.test(literal as string) ? neo4j.int(literal as string) : records[0]?.get('value');
      }
      for (const statement of [picture, table]) {
        const { records } = await driver.executeQuery(statement as string, params, { database, routing: 'READ' });
        expect(records.length, `${name}: ${statement === picture ? 'picture' : 'table'}`).toBeGreaterThan(0);
      }
    },
  );
});
