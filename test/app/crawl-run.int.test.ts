import { beforeEach, describe, expect } from 'vitest';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CrawlView, crawlInto as CrawlInto } from '../../src/app/crawl-run.js';
import type { CrawlProgress } from '../../src/crawl/progress.js';
import { parseCrawlOptions } from '../../src/crawl/options.js';
import { reachable } from '../../src/sandbox/index.js';
import { type SandboxFixtures, sandboxTest } from '../support/fixtures.js';
import { resetGraph } from '../support/neo4j.js';

const test = sandboxTest({ records: 300, seed: 11 });

/**
 * The built run (`npm run build`), as the CLI has it: its settle thread is a file of dist/ (a worker thread runs
 * JavaScript, not the TypeScript under test/).
 */
const distCrawlInto = async (): Promise<typeof CrawlInto> => {
  const file = path.resolve(import.meta.dirname, '../../dist/app/crawl-run.js');
  return ((await import(pathToFileURL(file).href)) as { crawlInto: typeof CrawlInto }).crawlInto;
};

/** A view that keeps what the run showed. */
function recordingView(): CrawlView & { updates: (CrawlProgress & { workers?: number })[]; notes: string[]; doneCalls: number } {
  const view = {
    updates: [] as (CrawlProgress & { workers?: number })[],
    notes: [] as string[],
    doneCalls: 0,
    update: (p: CrawlProgress & { workers?: number }) => view.updates.push(p),
    note: (line: string) => view.notes.push(line),
    done: () => {
      view.doneCalls += 1;
    },
  };
  return view;
}

describe('the application layer: a crawl run wired as the CLI runs it, without the CLI', () => {
  beforeEach<SandboxFixtures>(async ({ driver, sandbox }) => {
    await resetGraph(driver);
    sandbox.setFaults({});
    sandbox.stats.reset();
  });

  test('crawls the seeds to the depth into Neo4j, showing progress on its view and printing nothing', async ({
    sandbox,
    driver,
    database,
  }) => {
    const seeds = sandbox.graph
      .ids('company')
      .slice(0, 2)
      .map((id) => ({ kind: 'company' as const, id }));
    const view = recordingView();
    const stderrWrite = process.stderr.write;
    let printed = '';
    process.stderr.write = ((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    }) as typeof process.stderr.write;
    const crawlInto = await distCrawlInto();
    let result: Awaited<ReturnType<typeof CrawlInto>>;
    try {
      result = await crawlInto({
        service: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
        driver,
        database,
        seeds,
        options: parseCrawlOptions({ maxDepth: 2 }),
        requestsPerSecond: 1_000,
        concurrency: 8,
        view,
      });
    } finally {
      process.stderr.write = stderrWrite;
    }
    const truth = reachable(sandbox.graph, seeds, 2);
    expect(result.status).toBe('finished');
    expect(result.progress.fetched).toBe(truth.fetched.length);
    expect(sandbox.stats.total).toBe(truth.fetched.length + truth.notFound.length);
    const rows = await driver.executeQuery(
      "MATCH (n:Landing) WHERE n.status = 'fetched' RETURN count(n) AS fetched",
      {},
      database ? { database } : {},
    );
    expect(Number(rows.records[0]?.get('fetched'))).toBe(truth.fetched.length);
    expect(view.updates.length).toBeGreaterThan(0);
    // Shown about once a second while it runs (the last figures are the summary's, which the CLI prints).
    const shown = view.updates.map((u) => u.fetched);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(Math.max(...shown)).toBeLessThanOrEqual(truth.fetched.length);
    expect(view.notes).toEqual([]);
    expect(view.doneCalls).toBeGreaterThanOrEqual(1);
    expect(printed).toBe('');
  });
});
