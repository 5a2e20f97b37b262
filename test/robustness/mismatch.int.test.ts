import { expect } from 'vitest';
import { evolveGraph, reachable } from '../../src/sandbox/index.js';
import { runCli } from '../support/cli.js';
import { sandboxTest } from '../support/fixtures.js';
import { freePort } from '../support/ports.js';

/**
 * A crawl pointed at the wrong thing (a base URL with the service's path doubled, a service that answers HTML, a
 * refresh against a wrong path) stops with one line and a non-zero exit, and leaves the graph as it was: no record
 * marked missing or gone, no history written; a refresh on which a mass of records answers 404 marks none gone
 * unless told. The built CLI against the sandbox over real HTTP and the test Neo4j.
 */
const test = sandboxTest({ records: 300, seed: 7 });
const SEEDS = ['company#1', 'domain#2'];

/** What a crawl must not touch: records, their statuses, relationships between records and pivots, history. */
const GRAPH_STATE = `
  OPTIONAL MATCH (n:Landing) WITH count(n) AS landing, count(CASE WHEN n.status = 'missing' THEN 1 END) AS missing
  OPTIONAL MATCH (v:RecordVersion) WITH landing, missing, count(v) AS versions
  OPTIONAL MATCH (:Landing)-[r]->() WHERE NOT type(r) IN ['VERSION_OF']
  RETURN landing, missing, versions, count(r) AS links, count(CASE WHEN r.removedAt IS NOT NULL THEN 1 END) AS removed`;

/** The crawls the graph records, and those of one base URL. */
const CRAWLS = `
  OPTIONAL MATCH (c:Crawl) WITH count(c) AS crawls
  OPTIONAL MATCH (t:CrawlTask) WITH crawls, count(t) AS tasks
  OPTIONAL MATCH (c:Crawl {baseUrl: $baseUrl})
  RETURN crawls, tasks, count(c) AS ofThisAddress`;

test('a base URL with /api/v1/landing doubled is one line before anything starts (exit 2)', async ({ sandbox }) => {
  const run = await runCli(['crawl', ...SEEDS], { LANDING_BASE_URL: `${sandbox.url}/api/v1/landing/`, LANDING_API_KEY: sandbox.apiKey });
  expect(run.code).toBe(2);
  expect(run.stderr).toBe(
    'landing-graph: CONFIG_INVALID: LANDING_BASE_URL: LANDING_BASE_URL must be the address before /api/v1/landing (the crawler adds it), e.g. http://127.0.0.1:8787\n',
  );
});

test('every answer a 404 (a wrong path): API_MISMATCH, exit 2, nothing written, no crawl left behind', async ({
  sandbox,
  driver,
  database,
}) => {
  const before = (await driver.executeQuery(GRAPH_STATE, {}, { database })).records[0]!.toObject();
  const crawlsBefore = (await driver.executeQuery(CRAWLS, { baseUrl: `${sandbox.url}/proxy/` }, { database })).records[0]!.toObject();
  const run = await runCli(['crawl', ...SEEDS, '--depth', '2'], {
    LANDING_BASE_URL: `${sandbox.url}/proxy/`,
    LANDING_API_KEY: sandbox.apiKey,
  });
  expect(run.code).toBe(2);
  expect(run.stderr.trim().split('\n').at(-1)).toMatch(
    /^landing-graph: API_MISMATCH: all 2 first answers of the service at http:\/\/127\.0\.0\.1:\d+\/proxy\/ looked wrong \(2 HTTP 404; e\.g\. (company#1|domain#2), (company#1|domain#2)\), so nothing was written: check LANDING_BASE_URL/,
  );
  expect((await driver.executeQuery(GRAPH_STATE, {}, { database })).records[0]!.toObject()).toEqual(before);
  const crawlsAfter = (await driver.executeQuery(CRAWLS, { baseUrl: `${sandbox.url}/proxy/` }, { database })).records[0]!.toObject();
  expect(crawlsAfter).toEqual({ ...crawlsBefore, ofThisAddress: 0 });
});

test('an address where nothing listens: API_UNREACHED within --first-contact-timeout-ms, exit 2, one line naming it, no crawl', async ({
  sandbox,
  driver,
  database,
}) => {
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const before = (await driver.executeQuery(GRAPH_STATE, {}, { database })).records[0]!.toObject();
  const crawlsBefore = (await driver.executeQuery(CRAWLS, { baseUrl: address }, { database })).records[0]!.toObject();
  // A password in the address must not be printed; the default wait for an outage (10 min) must not be waited: this
  // test's time-out (60 s) fails it if it is.
  const run = await runCli(['crawl', ...SEEDS, '--depth', '1', '--first-contact-timeout-ms', '2000'], {
    LANDING_BASE_URL: `http://user:SECRET-in-url@127.0.0.1:${port}`,
    LANDING_API_KEY: sandbox.apiKey,
  });
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr.trim().split('\n').at(-1)).toBe(
    `landing-graph: API_UNREACHED: no request reached the service at ${address} within 2s (connection refused): check LANDING_BASE_URL (or --base-url), and that the service runs there`,
  );
  expect(run.stderr + run.stdout).not.toContain('SECRET');
  expect(run.stderr + run.stdout).not.toContain(sandbox.apiKey);
  expect(run.stderr).not.toMatch(/resumes/);
  expect((await driver.executeQuery(GRAPH_STATE, {}, { database })).records[0]!.toObject()).toEqual(before);
  const crawlsAfter = (
    await driver.executeQuery(CRAWLS, { baseUrl: `http://user:SECRET-in-url@127.0.0.1:${port}` }, { database })
  ).records[0]!.toObject();
  expect(crawlsAfter).toEqual({ ...crawlsBefore, ofThisAddress: 0 });
});

test('a service that answers HTML pages: API_MISMATCH after the retries, nothing written', async ({ sandbox, driver, database }) => {
  sandbox.setFaults({ htmlRate: 1 });
  try {
    const before = (await driver.executeQuery(GRAPH_STATE, {}, { database })).records[0]!.toObject();
    const run = await runCli(['crawl', ...SEEDS, '--depth', '1'], { LANDING_BASE_URL: sandbox.url, LANDING_API_KEY: sandbox.apiKey });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      /^landing-graph: API_MISMATCH: all 2 first answers .*looked wrong \(2 failed after every retry/,
    );
    expect((await driver.executeQuery(GRAPH_STATE, {}, { database })).records[0]!.toObject()).toEqual(before);
  } finally {
    sandbox.setFaults({});
  }
});

test('a refresh against a wrong path leaves an investigation as it was: no record gone, no history', async ({
  sandbox,
  driver,
  database,
}) => {
  const env = { LANDING_BASE_URL: sandbox.url, LANDING_API_KEY: sandbox.apiKey };
  const first = await runCli(['crawl', ...SEEDS, '--depth', '1'], env);
  expect(first.code).toBe(0);
  const before = (await driver.executeQuery(GRAPH_STATE, {}, { database })).records[0]!.toObject();
  expect(before.landing).toBeGreaterThan(10);
  const wrong = await runCli(['crawl', ...SEEDS, '--depth', '1', '--refresh'], { ...env, LANDING_BASE_URL: `${sandbox.url}/v2` });
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toMatch(/API_MISMATCH: all 2 first answers/);
  expect((await driver.executeQuery(GRAPH_STATE, {}, { database })).records[0]!.toObject()).toEqual(before);
  // The right address crawls on as before.
  const again = await runCli(['crawl', ...SEEDS, '--depth', '1', '--refresh'], env);
  expect(again.code).toBe(0);
});

test('a refresh on which most records fetched before answer 404 marks none gone without --accept-mass-gone (exit 9)', async ({
  sandbox,
  driver,
  database,
}) => {
  const env = { LANDING_BASE_URL: sandbox.url, LANDING_API_KEY: sandbox.apiKey };
  const world0 = sandbox.graph;
  // Two companies of their own: the other tests' records are fresh in the graph and would not be asked again.
  const seeds = world0
    .ids('company')
    .slice(2, 4)
    .map((id) => ({ kind: 'company' as const, id }));
  const SEEDS = seeds.map((s) => `company#${s.id}`);
  const first = await runCli(['crawl', ...SEEDS, '--depth', '2'], env);
  expect(first.code, first.stderr).toBe(0);
  const fetchedBefore = reachable(world0, seeds, 2).fetched.length;
  const gone = Math.ceil(fetchedBefore * 0.4);
  sandbox.setGraph(evolveGraph(world0, { seed: 3, within: { seeds, depth: 2 }, gone }));
  const missing = async () =>
    Number(
      (await driver.executeQuery("MATCH (n:Landing {status: 'missing'}) RETURN count(n) AS n", {}, { database })).records[0]!.get('n'),
    );
  const missingBefore = await missing();

  const refresh = await runCli(['crawl', ...SEEDS, '--depth', '2', '--refresh'], env);
  expect(refresh.code).toBe(9);
  expect(refresh.stderr.trim().split('\n').at(-1)).toMatch(
    /^landing-graph: MASS_GONE: \d+ of \d+ records fetched before now answer 404 \(\d+%, more than 20%\): none was marked gone; check LANDING_BASE_URL and the key, or run the same command with --accept-mass-gone/,
  );
  expect(await missing()).toBe(missingBefore);

  const accepted = await runCli(['crawl', ...SEEDS, '--depth', '2', '--refresh', '--accept-mass-gone'], env);
  expect(accepted.code).toBe(0);
  expect(await missing()).toBeGreaterThanOrEqual(missingBefore + 10);
});
