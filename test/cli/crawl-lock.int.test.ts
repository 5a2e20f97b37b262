import { describe, expect } from 'vitest';
import { runCli, startCli } from '../support/cli.js';
import { sandboxTest } from '../support/fixtures.js';
import { resetGraph } from '../support/neo4j.js';

const test = sandboxTest({ records: 300, seed: 5 });

/** Two processes never run the same crawl: the second exits with one line naming the first. */
describe('crawl lock over the CLI', () => {
  test('a second process on the same crawl exits 7 naming the running one; the first finishes, each record asked once', async ({
    sandbox,
    driver,
  }) => {
    await resetGraph(driver);
    sandbox.stats.reset();
    const env = { LANDING_BASE_URL: sandbox.url, LANDING_API_KEY: sandbox.apiKey };
    const args = ['crawl', `company#${sandbox.graph.ids('company')[0]}`, '--depth', '2', '--rps', '30', '--concurrency', '4'];
    const first = startCli(args, env);
    while (sandbox.stats.total < 10 && first.child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 5));
    // Every answer a second late from here (about 80 to go, four at a time: 20 s at least), so that the first crawl
    // is still running when the second process asks, however long a busy machine takes to start that process.
    sandbox.setFaults({ latencyMs: 1000 });
    const second = await runCli(args, env);
    sandbox.setFaults({});
    expect(second.code, second.stderr).toBe(7);
    const lines = second.stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(
      new RegExp(`^landing-graph: CRAWL_LOCKED: this crawl is already running in process ${first.child.pid} on `),
    );
    const done = await first.done;
    expect(done.code, done.stderr).toBe(0);
    expect(Math.max(...Object.values(sandbox.stats.snapshot().byPath))).toBe(1);
    // Lock given back: the same command now answers "already finished".
    const third = await runCli(args, env);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stderr).toMatch(/already finished/);
  });
});
