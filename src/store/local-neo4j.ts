import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LandingGraphError } from '../errors.js';
import type { Neo4jConnection } from './connect.js';

/**
 * The one place that runs scripts/neo4j-local (fetch, start, stop, status): the CLI's local Neo4j, the
 * tests' and the bench's own servers all go through here. Every failure is a LandingGraphError.
 */

const run = promisify(execFile);

/** The folder holding scripts/neo4j-local: the nearest parent of this module (src/, dist/, a compiled copy). */
function projectRoot(): string {
  const from = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'scripts/neo4j-local'))) return dir;
    if (path.dirname(dir) === dir) {
      throw new LandingGraphError(
        'CONFIG_INVALID',
        `scripts/neo4j-local is not in any folder above ${from}: set NEO4J_URI to a Neo4j of your own`,
      );
    }
  }
}

export interface LocalNeo4jOptions {
  /** Home folder (conf, data, logs, password). Default: <project>/.neo4j/local. */
  home?: string;
  /** Default: 7687. */
  boltPort?: number;
  /** Default: 7474. */
  httpPort?: number;
  /** JVM heap, e.g. '512m'. Default: the script's (2g). */
  heap?: string;
  /** Page cache, e.g. '128m'. Default: the script's (1g). */
  pagecache?: string;
  /** Graph Data Science on the class path. Default: the script's (on). */
  gds?: boolean;
  /** 'quick': the JVM's first compiler only, for a server that lives minutes (tests). Default: the script's (full). */
  jit?: 'full' | 'quick';
  /**
   * false: each statement planned once per parameter types, not again for each size class of its list and string
   * parameters, for a server that plans hundreds of statements a few times each (tests). Default: the script's (true).
   */
  sizePlans?: boolean;
  /**
   * true: Bolt gives its connections and threads 100 ms each when the server stops, not 5 s each, for a throw-away
   * server whose clients are gone (tests). Default: the script's (false).
   */
  quickStop?: boolean;
}

export interface LocalNeo4j {
  connection: Neo4jConnection;
  browserUrl: string;
  passwordFile: string;
  /** The home folder, absolute (logs in <home>/logs). */
  home: string;
  /** True when it was already running: whoever calls stopLocalNeo4j should do so only when this is false. */
  wasRunning: boolean;
}

interface Resolved {
  home: string;
  boltPort: number;
  httpPort: number;
  args: string[];
}

function scriptArgs(options: LocalNeo4jOptions): Resolved {
  const home = path.resolve(options.home ?? path.join(projectRoot(), '.neo4j/local'));
  const boltPort = port('boltPort', options.boltPort ?? 7687);
  const httpPort = port('httpPort', options.httpPort ?? 7474);
  const args = ['--home', home, '--bolt-port', String(boltPort), '--http-port', String(httpPort)];
  for (const [name, value] of [
    ['heap', options.heap],
    ['pagecache', options.pagecache],
  ] as const) {
    if (value === undefined) continue;
    if (!/^\d+[kmg]?$/i.test(value)) {
      throw new LandingGraphError('CONFIG_INVALID', `local Neo4j: ${name} must be a size like 512m or 2g, not ${JSON.stringify(value)}`);
    }
    args.push(`--${name}`, value);
  }
  if (options.gds !== undefined) args.push('--gds', options.gds ? 'on' : 'off');
  if (options.jit !== undefined) args.push('--jit', options.jit);
  if (options.sizePlans !== undefined) args.push('--size-plans', options.sizePlans ? 'on' : 'off');
  if (options.quickStop !== undefined) args.push('--quick-stop', options.quickStop ? 'on' : 'off');
  return { home, boltPort, httpPort, args };
}

function port(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new LandingGraphError('CONFIG_INVALID', `local Neo4j: ${name} must be a port number (1-65535), not ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * Run `scripts/neo4j-local <command> <args>`. An exit code other than 0 (or `alsoFine`) becomes
 * NEO4J_UNAVAILABLE with the script's last line in the message and all of its stderr in the details.
 */
async function script(
  command: string,
  args: string[],
  what: string,
  alsoFine?: number,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = path.join(projectRoot(), 'scripts/neo4j-local');
  try {
    const { stdout, stderr } = await run('bash', [file, command, ...args], { maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: unknown; stderr?: unknown; message?: unknown };
    const stdout = String(failed.stdout ?? '');
    const stderr = String(failed.stderr ?? '').trim();
    if (alsoFine !== undefined && failed.code === alsoFine) return { code: alsoFine, stdout, stderr };
    const last = stderr.split('\n').pop() || String(failed.message ?? error).split('\n')[0];
    throw new LandingGraphError('NEO4J_UNAVAILABLE', `could not ${what} the local Neo4j (scripts/neo4j-local): ${last}`, {
      cause: error,
      details: { stderr },
    });
  }
}

/**
 * Start (or find running) the Neo4j of scripts/neo4j-local and return how to reach it. `onStarting` is called
 * only when it must be started (that can take a while: the first start fetches it from Maven Central).
 */
export async function startLocalNeo4j(options: LocalNeo4jOptions = {}, onStarting?: () => void): Promise<LocalNeo4j> {
  const { home, boltPort, httpPort, args } = scriptArgs(options);
  const wasRunning = (await localNeo4jStatus(options)).running;
  if (!wasRunning) onStarting?.();
  await script('start', args, 'start');
  const passwordFile = path.join(home, 'password');
  let password: string;
  try {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } catch (error) {
    throw new LandingGraphError(
      'CONFIG_INVALID',
      `the local Neo4j in ${home} runs, but its password file ${passwordFile} cannot be read: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return {
    connection: { uri: `bolt://127.0.0.1:${boltPort}`, username: 'neo4j', password },
    browserUrl: `http://127.0.0.1:${httpPort}/browser/`,
    passwordFile,
    home,
    wasRunning,
  };
}

/** Stop the Neo4j of that home (a no-op when it is not running). */
export async function stopLocalNeo4j(options: LocalNeo4jOptions = {}): Promise<void> {
  await script('stop', scriptArgs(options).args, 'stop');
}

/** Whether the Neo4j of that home runs and answers on its Bolt port; `line` is the script's report. */
export async function localNeo4jStatus(options: LocalNeo4jOptions = {}): Promise<{ running: boolean; line: string }> {
  const { code, stdout } = await script('status', scriptArgs(options).args, 'ask for the status of', 3);
  return { running: code === 0, line: stdout.trim() };
}

/** Fetch the Neo4j jars (a no-op when cached) and return their folder and version (for neo4j-admin). */
export async function localNeo4jJars(): Promise<{ lib: string; version: string }> {
  const { stderr } = await script('fetch', [], 'fetch');
  const found = /Neo4j (\S+) jars in (.+)$/m.exec(stderr);
  if (!found)
    throw new LandingGraphError('NEO4J_UNAVAILABLE', `scripts/neo4j-local fetch did not say where the jars are: ${stderr.trim()}`);
  return { version: found[1]!, lib: found[2]!.trim() };
}
