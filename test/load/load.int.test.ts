import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LandingClient } from '../../src/api/client.js';
import { runCrawl } from '../../src/crawl/crawler.js';
import { parseCrawlOptions } from '../../src/crawl/options.js';
import { reachable, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { CrawlStore } from '../../src/store/crawl-store.js';
import { runCli } from '../support/cli.js';
import { dumpBlockLayer, dumpGraph } from '../support/graph-dump.js';
import { openTestDriver, resetGraph, testConnection } from '../support/neo4j.js';

/** `landing-graph load`: a graph rebuilt from answers already fetched equals the crawled one. */
describe('load over the CLI into a real Neo4j', () => {
  let sandbox: Sandbox;
  let driver: Driver;

  beforeAll(async () => {
    sandbox = await startSandbox({ records: 400, seed: 29 });
    driver = await openTestDriver();
  });
  afterAll(async () => {
    await driver?.close();
    await sandbox?.close();
  });

  const query = async (cypher: string) =>
    (await driver.executeQuery(cypher, {}, { database: testConnection().database })).records.map((r) => r.toObject());
  /** The graph without the crawl's own bookkeeping: the 404s a crawl met are 'missing', a load only knows them as listed. */
  const layers = async (notFound: Set<string>) => {
    const dump = await dumpGraph(driver, testConnection().database);
    return {
      nodes: dump.nodes.map((n) => (notFound.has(n.split(' ')[0]!) ? n.replace(' missing ', ' stub ') : n)),
      edges: dump.edges,
      blocks: await dumpBlockLayer(driver, testConnection().database),
    };
  };

  it('rebuilds the crawled graph from a JSON-lines file, and re-derives pivots from the graph itself', async () => {
    await resetGraph(driver);
    const seeds = sandbox.graph
      .ids('company')
      .slice(0, 2)
      .map((id) => ({ kind: 'company' as const, id }));
    const client = new LandingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: Infinity, maxConcurrent: 8 });
    try {
      const crawled = await runCrawl(
        { seeds, options: parseCrawlOptions({ maxDepth: 2, commitIntervalMs: 20 }), baseUrl: sandbox.url },
        { fetch: (ref) => client.fetch(ref), store: new CrawlStore(driver, testConnection().database) },
      );
      expect(crawled.status).toBe('finished');
    } finally {
      await client.close();
    }
    const notFound = new Set(reachable(sandbox.graph, seeds, 2).notFound.map((r) => `${r.kind}#${r.id}`));
    const crawledLayers = await layers(notFound);
    const answers = await query(
      "MATCH (n:Landing {status: 'fetched'}) RETURN n.kind AS kind, n.raw AS raw, toString(n.fetchedAt) AS fetchedAt ORDER BY n.kind, n.id",
    );
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'landing-load-')), 'answers.jsonl');
    writeFileSync(file, answers.map((a) => JSON.stringify(a)).join('\n'));

    await resetGraph(driver);
    const loaded = await runCli(['load', '--jsonl', file, '--answers-per-commit', '100', '--json']);
    expect(loaded.code, loaded.stderr).toBe(0);
    expect(JSON.parse(loaded.stdout)).toMatchObject({ loaded: answers.length, invalid: 0, versions: 0, removed: 0 });
    expect(await layers(notFound)).toEqual(crawledLayers);
    // A load is not a fetch: the answers keep when they were fetched (--max-age reads it).
    const times = await query(
      "MATCH (n:Landing {status: 'fetched'}) RETURN n.kind AS kind, n.raw AS raw, toString(n.fetchedAt) AS fetchedAt ORDER BY n.kind, n.id",
    );
    expect(times).toEqual(answers);

    // The mapping changed (here: pivots lost): --from-graph derives them again from the raw text held.
    await query('MATCH (p:Pivot) DETACH DELETE p');
    expect((await layers(notFound)).blocks).not.toEqual(crawledLayers.blocks);
    const again = await runCli(['load', '--from-graph', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ loaded: answers.length, versions: 0, removed: 0 });
    expect(await layers(notFound)).toEqual(crawledLayers);
  });

  it('refuses a bad file with one line and writes nothing', async () => {
    await resetGraph(driver);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'landing-load-')), 'bad.jsonl');
    writeFileSync(file, `${JSON.stringify({ kind: 'mailbox', raw: '{}' })}\n`);
    const run = await runCli(['load', '--jsonl', file]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(/^landing-graph: CONFIG_INVALID: .*bad\.jsonl:1: kind: /);
    expect(await query('MATCH (n:Landing) RETURN count(n) AS n')).toEqual([{ n: 0 }]);
  });
});
