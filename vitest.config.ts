import { defaultExclude, defineConfig } from 'vitest/config';

/**
 * Two projects. `unit`: pure logic and the sandbox over loopback HTTP, no Neo4j, files in parallel
 * (`npm run test:unit`). `integration` (files named *.int.test.ts): a real Neo4j found or started by
 * the global set-up, and Chromium for the HTML report; Neo4j Community has a single user database, so
 * these files take turns on it.
 */
export default defineConfig({
  test: {
    exclude: [...defaultExclude, 'bench/**'],
    testTimeout: 180_000,
    // Vitest's default is one worker per core but one: a single worker on a two-core machine, while many unit files
    // wait on loopback HTTP and timers. Three run the unit project in 18-23 s instead of 36-38 s here. The
    // integration project still runs its files one at a time (singleFork below).
    maxWorkers: 3,
    minWorkers: 1,
    hookTimeout: 180_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...defaultExclude, 'bench/**', 'test/**/*.int.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.int.test.ts'],
          globalSetup: ['test/support/chromium-setup.ts', 'test/support/global-setup.ts'],
          // One fork runs the files one after another (fileParallelism is a root-only option).
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
