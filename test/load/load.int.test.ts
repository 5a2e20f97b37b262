import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Driver } from 'neo4j-driver';
import { describe, expect } from 'vitest';
import { reachable } from '../../src/sandbox/index.js';
import { runCli } from '../support/cli.js';
import { crawlTest } from '../support/fixtures.js';
import { dumpBlockLayer, dumpGraph } from '../support/graph-dump.js';
import { resetGraph } from '../support/neo4j.js';

const test = crawlTest({ records: 400, seed: 29 });

/** `landing-graph load`: a graph rebuilt from answers already fetched equals the crawled one. */
describe('load over the CLI into a real Neo4j', () => {
  type Graph = { driver: Driver; database: string | undefined };
  const query = async ({ driver, database }: Graph, cypher: string) =>
    (await driver.executeQuery(cypher, {}, { database })).records.map((r) => r.toObject());
  /** The graph without the crawl's own bookkeeping: the 404s a crawl met are 'missing', a load only knows them as listed. */
  const layers = async ({ driver, database }: Graph, notFound: Set<string>) => {
    const dump = await dumpGraph(driver, database);
    return {
      nodes: dump.nodes.map((n) => (notFound.has(n.split(' ')[0]!) ? n.replace(' missing ', ' stub ') : n)),
      edges: dump.edges,
      blocks: await dumpBlockLayer(driver, database),
    };
  };

  test('rebuilds the crawled graph from a JSON-lines file, and re-derives pivots from the graph itself', async ({
    crawl,
    sandbox,
    driver,
    database,
  }) => {
    const graph = { driver, database };
    await resetGraph(driver);
    const seeds = sandbox.graph
      .ids('company')
      .slice(0, 2)
      .map((id) => ({ kind: 'company' as const, id }));
    const crawled = await crawl(seeds, { maxDepth: 2, commitIntervalMs: 20 });
    expect(crawled.status).toBe('finished');
    const notFound = new Set(reachable(sandbox.graph, seeds, 2).notFound.map((r) => `${r.kind}#${r.id}`));
    const crawledLayers = await layers(graph, notFound);
    const answers = await query(
      graph,
      "MATCH (n:Landing {status: 'fetched'}) RETURN n.kind AS kind, n.raw AS raw, toString(n.fetchedAt) AS fetchedAt ORDER BY n.kind, n.id",
    );
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'landing-load-')), 'answers.jsonl');
    writeFileSync(file, answers.map((a) => JSON.stringify(a)).join('\n'));

    await resetGraph(driver);
    const loaded = await runCli(['load', '--jsonl', file, '--answers-per-commit', '100', '--json']);
    expect(loaded.code, loaded.stderr).toBe(0);
    expect(JSON.parse(loaded.stdout)).toMatchObject({ loaded: answers.length, invalid: 0, versions: 0, removed: 0 });
    expect(await layers(graph, notFound)).toEqual(crawledLayers);
    // A load is not a fetch: the answers keep when they were fetched (--max-age reads it).
    const times = await query(
      graph,
      "MATCH (n:Landing {status: 'fetched'}) RETURN n.kind AS kind, n.raw AS raw, toString(n.fetchedAt) AS fetchedAt ORDER BY n.kind, n.id",
    );
    expect(times).toEqual(answers);

    // The mapping changed (here: pivots lost): --from-graph derives them again from the raw text held.
    await query(graph, 'MATCH (p:Pivot) DETACH DELETE p');
    expect((await layers(graph, notFound)).blocks).not.toEqual(crawledLayers.blocks);
    const again = await runCli(['load', '--from-graph', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ loaded: answers.length, versions: 0, removed: 0 });
    expect(await layers(graph, notFound)).toEqual(crawledLayers);
  });

  test('refuses a bad file with one line and writes nothing', async ({ driver, database }) => {
    await resetGraph(driver);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'landing-load-')), 'bad.jsonl');
    writeFileSync(file, `${JSON.stringify({ kind: 'mailbox', raw: '{}' })}\n`);
    const run = await runCli(['load', '--jsonl', file]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(/^landing-graph: CONFIG_INVALID: .*bad\.jsonl:1: kind: /);
    expect(await query({ driver, database }, 'MATCH (n:Landing) RETURN count(n) AS n')).toEqual([{ n: 0 }]);
  });
});
