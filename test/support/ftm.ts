/**
 * Find followthemoney's `ftm` command for the FtM tests: the one scripts/test-setup installs into the cache
 * (LANDING_GRAPH_CACHE, else ~/.cache/landing-graph, as scripts/neo4j-local), else `ftm` on PATH. The test run
 * itself installs nothing.
 */
import { accessSync, constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onPath } from './chromium.js';

/** The version scripts/test-setup pins (its FTM_VERSION). */
export const FTM_VERSION = '4.11.2';

function cacheDir(): string {
  const env = process.env;
  return env.LANDING_GRAPH_CACHE ?? path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'landing-graph');
}

/** The path of an `ftm` executable; throws one line naming what to run when there is none. */
export function findFtm(): string {
  const installed = path.join(cacheDir(), `followthemoney-${FTM_VERSION}`, 'bin', 'ftm');
  try {
    accessSync(installed, constants.X_OK);
    return installed;
  } catch {
    // not installed there: look on PATH
  }
  const found = onPath('ftm');
  if (found) return found;
  throw new Error(`no ftm command (followthemoney): run bash scripts/test-setup (it installs followthemoney ${FTM_VERSION})`);
}
