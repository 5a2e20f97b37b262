import type { TestProject } from 'vitest/node';
import { findChromium } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium executable for the browser tests (test/export/browser.ts). */
    chromiumPath: string;
  }
}

/**
 * vitest global setup: find a Chromium once per test run, not once per file, and provide its path to the tests
 * (`inject('chromiumPath')`). It installs nothing: scripts/test-setup does, before `npm test` builds.
 */
export default async function setup(project: TestProject): Promise<void> {
  const chromiumPath = findChromium();
  console.log(`[chromium-setup] Chromium for tests: ${chromiumPath}`);
  project.provide('chromiumPath', chromiumPath);
}
