import { defaultExclude, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...defaultExclude, 'bench/**'],
    globalSetup: ['test/support/chromium-setup.ts', 'test/support/global-setup.ts'],
    // Neo4j Community has a single user database: test files take turns on it.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: ['default'],
  },
});
