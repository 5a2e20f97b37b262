import { createServer } from 'node:net';
import { describe, expect } from 'vitest';
import { parseSeed } from '../../src/api/seeds.js';
import { runCli, startCli } from '../support/cli.js';
import { crawlTest, withSetUp } from '../support/fixtures.js';
import { freePort } from '../support/ports.js';

/** Whether nothing listens on the port now. */
async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** What V8 prints when a process runs out of heap, none of which may reach the user. */
const CRASH_REPORT = /FATAL ERROR|heap out of memory|<--- Last few GCs|<--- JS stacktrace|Native stack trace/;

describe('the heap each command runs under (LANDING_GRAPH_HEAP_MB)', () => {
  const test = withSetUp(crawlTest({ records: 2000, seed: 1 }), async ({ crawl }) => {
    const seeds = ['company:6603287918', 'domain:school.ru', 'email:spavlov643@yandex.ru'].map(parseSeed);
    const result = await crawl(seeds, { maxDepth: 2 });
    expect(result.status).toBe('finished');
  });

  test('a command that runs out of heap says so in one line naming the setting, exits 11, and shows no crash report', async () => {
    // The same heap serves an empty window: the report of every record is what does not fit.
    const empty = await runCli(['changes', '--since', '2020-01-01T00:00:00Z', '--until', '2020-01-02T00:00:00Z'], {
      LANDING_GRAPH_HEAP_MB: '16',
    });
    expect(empty.stderr).toBe('');
    expect(empty.stdout).toBe('No changes from 2020-01-01T00:00:00.000Z to 2020-01-02T00:00:00.000Z.\n');
    expect(empty.code).toBe(0);

    const full = await runCli(['changes', '--since', '2020-01-01T00:00:00Z'], { LANDING_GRAPH_HEAP_MB: '16' });
    expect(full.stderr).not.toMatch(CRASH_REPORT);
    expect(full.stderr).toBe(
      'landing-graph: OUT_OF_MEMORY: changes ran out of its 16 MB JavaScript heap and stopped before finishing ' +
        '(nothing was committed; any output is incomplete): give it more with LANDING_GRAPH_HEAP_MB=32, or narrow what it reads\n',
    );
    expect(full.code).toBe(11);
    expect(full.signal).toBeNull();
  });

  test('the same report with the default heap of an analysis command is whole', async () => {
    const run = await runCli(['changes', '--since', '2020-01-01T00:00:00Z', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { records: { change: string }[] };
    // The crawl of the three demo seeds to depth 2 fetches these records (docs/sandbox.md), all new since 2020.
    expect(report.records.length).toBeGreaterThan(1000);
    expect(new Set(report.records.map((r) => r.change))).toEqual(new Set(['new']));
  });

  test('a command that runs in a child passes on its exit code, its output and a Ctrl-C', async () => {
    const bad = await runCli(['changes', '--since', 'yesterday-ish'], { LANDING_GRAPH_HEAP_MB: '64' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^landing-graph: CONFIG_INVALID: --since "yesterday-ish" is not a crawl/);

    const port = await freePort();
    const sandbox = startCli(['sandbox', '--port', String(port), '--records', '100'], { LANDING_GRAPH_HEAP_MB: '64' });
    let out = '';
    sandbox.child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await expect.poll(() => out, { timeout: 20_000 }).toContain(`LANDING_BASE_URL=http://127.0.0.1:${port}`);
    sandbox.child.kill('SIGINT');
    const end = await sandbox.done;
    expect(end.stderr).toBe('landing-graph sandbox: stopped\n');
    expect(end.code).toBe(0);
    // The child is gone with it: the port is free again.
    expect(await portIsFree(port)).toBe(true);
  });

  test('a command in a child stops when the first process is killed outright (SIGKILL cannot be passed on)', async () => {
    const port = await freePort();
    const sandbox = startCli(['sandbox', '--port', String(port), '--records', '100'], { LANDING_GRAPH_HEAP_MB: '64' });
    let out = '';
    sandbox.child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await expect.poll(() => out, { timeout: 20_000 }).toContain(`LANDING_BASE_URL=http://127.0.0.1:${port}`);
    sandbox.child.kill('SIGKILL');
    expect((await sandbox.done).signal).toBe('SIGKILL');
    await expect.poll(() => portIsFree(port), { timeout: 5_000, interval: 200 }).toBe(true);
  });

  test('a bad setting is one line naming it, before anything runs', async () => {
    const run = await runCli(['changes', '--since', '1d'], { LANDING_GRAPH_HEAP_MB: '2g' });
    expect(run.stderr).toBe(
      'landing-graph: CONFIG_INVALID: LANDING_GRAPH_HEAP_MB must be a whole number of megabytes, at least 16; got "2g"\n',
    );
    expect(run.code).toBe(2);
  });
});
