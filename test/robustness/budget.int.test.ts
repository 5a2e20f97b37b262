import type { Driver } from 'neo4j-driver';
import { describe, expect } from 'vitest';
import { runCli, startCli } from '../support/cli.js';
import { sandboxTest } from '../support/fixtures.js';
import { resetGraph, testConnection } from '../support/neo4j.js';

const test = sandboxTest({ records: 2000, seed: 7 });

/** --max-records N is N requests for records across all runs of a crawl, through a kill -9 too. */
describe('budget: --max-records over the CLI, the sandbox and Neo4j', () => {
  async function settledRecords(driver: Driver): Promise<number> {
    const result = await driver.executeQuery(
      "MATCH (n:Landing) WHERE n.status IN ['fetched', 'missing', 'failed'] RETURN count(n) AS n",
      {},
      { database: testConnection().database },
    );
    return Number(result.records[0]!.get('n'));
  }

  test('asks exactly 300 with --max-records 300; killed and resumed with 500, it ends with exactly 500', async ({ sandbox, driver }) => {
    await resetGraph(driver);
    sandbox.stats.reset();
    const env = { LANDING_BASE_URL: sandbox.url, LANDING_API_KEY: sandbox.apiKey };
    const seeds = sandbox.graph
      .ids('company')
      .slice(0, 2)
      .map((id) => `company#${id}`);
    const args = (budget: number) => [
      'crawl',
      ...seeds,
      '--depth',
      '3',
      '--rps',
      '300',
      '--concurrency',
      '8',
      '--max-records',
      String(budget),
      '--json',
    ];

    const first = await runCli(args(300), env);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ status: 'budget', totals: { requested: 300 } });
    expect(sandbox.stats.snapshot().total).toBe(300);
    expect(await settledRecords(driver)).toBe(300);

    // Raise the budget, kill -9 half-way, resume with the same budget.
    const killed = startCli(args(500), env);
    while (sandbox.stats.total < 400 && killed.child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 2));
    killed.child.kill('SIGKILL');
    await killed.done;
    const resumed = await runCli(args(500), env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'budget', resumed: true, totals: { requested: 500 } });
    expect(await settledRecords(driver)).toBe(500);
    // The service saw the 500, plus the requests that were in flight or uncommitted at the kill, once more each.
    const stats = sandbox.stats.snapshot();
    expect(Math.max(...Object.values(stats.byPath))).toBeLessThanOrEqual(2);
    const repeated = Object.values(stats.byPath).filter((n) => n === 2).length;
    expect(stats.total).toBe(500 + repeated);
  });
});
