import { defaultExclude, defineConfig } from 'vitest/config';

/**
 * Files that run one at a time, beside the others and at a higher CPU priority (scripts/test-integration runs the
 * others at nice 10): those that judge a rate at the sandbox (arrivals in a sliding window), so that no other test
 * file delays the sandbox that stamps the arrivals or the crawl that sends them, and those that race a process against
 * the clock (a second crawl while the first still runs, Ctrl-C while it waits, the client's time-outs in an outage),
 * which three files at once on two cores made lose the race. The shared-window and workers files run their sandbox in
 * a process of its own at real-time priority (test/support/sandbox-priority.ts); one at a time, because two such
 * sandboxes at once once took both cores from everything else for minutes.
 */
const ALONE_FILES = [
  'test/client/client.int.test.ts',
  'test/client/client-outage.int.test.ts',
  'test/rate/limiter-real-time.int.test.ts',
  'test/rate/shared-window.int.test.ts',
  'test/cli/crawl-cli.int.test.ts',
  'test/cli/crawl-lock.int.test.ts',
  'test/queue/workers.int.test.ts',
  'test/robustness/chaos.int.test.ts',
  'test/robustness/outage.int.test.ts',
];

/**
 * Integration files run at once up to maxWorkers, each on a Neo4j server of its own (Community Edition has a single
 * user database): the set-up starts that many local servers. A Neo4j given by NEO4J_URI is one server: the files
 * take turns on it.
 */
const ONE_NEO4J = Boolean(process.env.NEO4J_URI);

/**
 * How long an integration test or hook may run before it is called hung: a guard, never a judgement of speed (the
 * bench judges speed). Generous, and one figure for every file: a file's set-up (several crawls, a server of its
 * own, `networks` over a world) counts in its first test, and on a machine half as fast with every file at once
 * such set-ups took more than three minutes. A file never sets a shorter one.
 */
const INTEGRATION_TIMEOUT_MS = 600_000;

/**
 * Three projects. `unit`: pure logic, in-memory parts on fake time and the sandbox over loopback HTTP, no Neo4j, no real sleeps, files in parallel, 10 s a test
 * (`npm run test:unit`). `integration` (files named *.int.test.ts): a real Neo4j per file running at once, found or
 * started by the global set-up, and Chromium for the HTML pages; `integration-alone`: the files that judge rates or
 * race a process against the clock, one at a time (`npm run test:integration` runs both at once:
 * scripts/test-integration).
 */
export default defineConfig({
  test: {
    exclude: [...defaultExclude, 'bench/**'],
    // Vitest's default is one worker per core but one: a single worker on a two-core machine, while most files wait
    // on loopback HTTP, timers, Neo4j and child processes. Three run the unit project in 18-23 s instead of 36-38 s
    // here, and three integration files at once keep the two cores busy.
    maxWorkers: 3,
    minWorkers: 1,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...defaultExclude, 'bench/**', 'test/**/*.int.test.ts'],
          testTimeout: 10_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.int.test.ts'],
          exclude: [...defaultExclude, 'bench/**', ...ALONE_FILES],
          testTimeout: INTEGRATION_TIMEOUT_MS,
          hookTimeout: INTEGRATION_TIMEOUT_MS,
          globalSetup: ['test/support/chromium-setup.ts', 'test/support/global-setup.ts'],
          poolOptions: { forks: { singleFork: ONE_NEO4J } },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-alone',
          include: ALONE_FILES,
          testTimeout: INTEGRATION_TIMEOUT_MS,
          hookTimeout: INTEGRATION_TIMEOUT_MS,
          globalSetup: ['test/support/chromium-setup.ts', 'test/support/global-setup.ts'],
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
