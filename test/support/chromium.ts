/**
 * Find a Chromium for the browser tests (the HTML report, GraphML through the browser's XML parser), in
 * this order: CHROMIUM_PATH; chromium, chromium-browser, google-chrome or google-chrome-stable on PATH.
 * scripts/test-setup finds or installs it before the tests run, by the same names.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'] as const;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first executable `name` in the folders of PATH. */
export function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

function firstOnPath(): string | undefined {
  for (const name of CHROMIUM_NAMES) {
    const found = onPath(name);
    if (found) return found;
  }
  return undefined;
}

/**
 * The path of a Chromium executable. Throws one line naming what to run when there is none: scripts/test-setup
 * (run first by `npm test`) installs one; the test run itself installs nothing.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv))
      throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file: point it at a Chromium or Chrome, or unset it`);
    return fromEnv;
  }
  const found = firstOnPath();
  if (found) return found;
  throw new Error(
    `no Chromium for the browser tests: none of ${CHROMIUM_NAMES.join(', ')} is on PATH; run bash scripts/test-setup (it installs one), or set CHROMIUM_PATH`,
  );
}
