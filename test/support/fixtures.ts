/**
 * Shared fixtures of the integration tests (vitest `test.extend`), in place of the beforeAll/afterAll pairs
 * each file wrote by hand:
 * - `graphTest`: a driver on the test Neo4j whose graph is emptied when it is opened, and the database's name;
 * - `sandboxTest(options)`: the same and a sandbox started with `options`;
 * - `crawlTest(options)`: the same and `crawl(seeds, options, extras)`, a crawl of the sandbox into the test
 *   Neo4j wired as the crawl command does (LandingClient, CrawlStore, runCrawl).
 * Driver and sandbox are set up once per file, for the first test that needs them, and closed after the
 * file's last test. Tests name what they use: `test('...', async ({ crawl, driver }) => ...)`;
 * `beforeEach<SandboxFixtures>(async ({ sandbox }) => ...)` receives them too.
 *
 * vitest 3 gives beforeAll no fixtures: `withSetUp(test, setUp)` runs a file's one-time set-up (a crawl its
 * tests read) as a file-scoped auto fixture, before the first test.
 */
import type { Driver } from 'neo4j-driver';
import { type TestAPI, test } from 'vitest';
import { LandingClient, type LandingClientOptions } from '../../src/client/client.js';
import type { LandingRef } from '../../src/api/refs.js';
import { type CrawlDeps, type CrawlResult, runCrawl } from '../../src/crawl/crawler.js';
import { type CrawlOptionsInput, parseCrawlOptions } from '../../src/crawl/options.js';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/index.js';
import { CrawlStore } from '../../src/store/crawl-store.js';
import { openTestDriver, resetGraph, testConnection } from './neo4j.js';

export interface GraphFixtures {
  /** The test Neo4j's database (undefined: the server's default). */
  database: string | undefined;
  /** A driver on the test Neo4j (one per file); the graph is emptied when it is opened. */
  driver: Driver;
}

export interface SandboxFixtures extends GraphFixtures {
  /** How the file's sandbox is started. */
  sandboxOptions: SandboxOptions;
  /** The file's sandbox (one per file). */
  sandbox: Sandbox;
}

export interface CrawlExtras {
  /** LandingClient options over the defaults: the sandbox's URL and key, no rate limit, 8 at once. */
  client?: Partial<LandingClientOptions>;
  /**
   * runCrawl's dependencies over the defaults (the client's fetch, a CrawlStore on the test database, 16 in
   * flight), or a function of the defaults (to wrap the client's fetch, say).
   */
  deps?: Partial<CrawlDeps> | ((defaults: CrawlDeps) => Partial<CrawlDeps>);
}

/** Crawl `seeds` of the sandbox into the test Neo4j; options default to `commitIntervalMs: 20`. */
export type CrawlSeeds = (seeds: LandingRef[], options?: CrawlOptionsInput, extras?: CrawlExtras) => Promise<CrawlResult>;

export interface CrawlFixtures extends SandboxFixtures {
  crawl: CrawlSeeds;
}

/**
 * A crawl of `seeds` from `sandbox` into the test Neo4j, with a client of its own closed when the crawl ends:
 * what `crawl` does, for set-ups that are not fixtures (test/export/fixture.ts).
 */
export async function crawlInto(
  target: { sandbox: Sandbox; driver: Driver; database: string | undefined },
  seeds: LandingRef[],
  options: CrawlOptionsInput = {},
  extras: CrawlExtras = {},
): Promise<CrawlResult> {
  const { sandbox, driver, database } = target;
  const client = new LandingClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    requestsPerSecond: Infinity,
    maxConcurrent: 8,
    ...extras.client,
  });
  try {
    const defaults: CrawlDeps = { fetch: (ref) => client.fetch(ref), store: new CrawlStore(driver, database), maxInFlight: 16 };
    const deps = typeof extras.deps === 'function' ? extras.deps(defaults) : extras.deps;
    return await runCrawl(
      { seeds, options: parseCrawlOptions({ commitIntervalMs: 20, ...options }), baseUrl: sandbox.url },
      { ...defaults, ...deps },
    );
  } finally {
    await client.close();
  }
}

/** Tests on the test Neo4j: `database` and `driver`. */
export const graphTest = test.extend<GraphFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  database: [async ({}, use) => use(testConnection().database), { scope: 'file' }],
  driver: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const driver = await openTestDriver();
      try {
        await resetGraph(driver);
        await use(driver);
      } finally {
        await driver.close();
      }
    },
    { scope: 'file' },
  ],
});

/** Tests on the test Neo4j and a sandbox started with `options` (one per file). */
export function sandboxTest(options: SandboxOptions) {
  return graphTest.extend<Omit<SandboxFixtures, keyof GraphFixtures>>({
    sandboxOptions: options,
    sandbox: [
      async ({ sandboxOptions }, use) => {
        const sandbox = await startSandbox(sandboxOptions);
        try {
          await use(sandbox);
        } finally {
          await sandbox.close();
        }
      },
      { scope: 'file' },
    ],
  });
}

/** Crawl `seeds` to `depth` from the sandbox into the test database; returns the crawl's id. */
export async function crawlSandbox(driver: Driver, sandbox: Sandbox, seeds: LandingRef[], depth: number): Promise<string> {
  const result = await crawlInto(
    { sandbox, driver, database: testConnection().database },
    seeds,
    { maxDepth: depth, commitIntervalMs: 20 },
    { client: { headersTimeoutMs: 2000, bodyTimeoutMs: 2000, retry: { baseDelayMs: 2, maxDelayMs: 20, maxAttempts: 12 } } },
  );
  if (result.status !== 'finished') throw new Error(`crawl ended ${result.status}`);
  return result.crawlId;
}

/** Tests that crawl a sandbox started with `options` into the test Neo4j: `sandboxTest` and `crawl`. */
export function crawlTest(options: SandboxOptions) {
  return sandboxTest(options).extend<{ crawl: CrawlSeeds }>({
    crawl: [
      async ({ sandbox, driver, database }, use) => {
        await use((seeds, crawlOptions, extras) => crawlInto({ sandbox, driver, database }, seeds, crawlOptions, extras));
      },
      { scope: 'file' },
    ],
  });
}

/**
 * `fixtureTest` with `setUp` run once before the file's first test, given the fixtures: what a beforeAll did
 * (vitest 3 gives beforeAll no fixtures). A file-scoped auto fixture: it fails the file's tests if it throws,
 * and counts against the first test's time-out.
 */
export function withSetUp<C extends SandboxFixtures>(fixtureTest: TestAPI<C>, setUp: (fixtures: C) => Promise<void>): TestAPI<C> {
  type Known = SandboxFixtures & Partial<CrawlFixtures>;
  // Every fixture setUp may read is named here: vitest sets up those the test has (crawl: crawlTest only).
  const once = async ({ sandboxOptions, sandbox, driver, database, crawl }: Known, use: (value: undefined) => Promise<void>) => {
    await setUp({ sandboxOptions, sandbox, driver, database, crawl } as Known as C);
    await use(undefined);
  };
  const extended = (fixtureTest as unknown as TestAPI<Known>).extend<{ setUp: undefined }>({
    setUp: [once, { scope: 'file', auto: true }],
  });
  return extended as unknown as TestAPI<C>;
}
