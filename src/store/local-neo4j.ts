import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LandingGraphError } from '../errors.js';
import type { Neo4jConnection } from './connect.js';

const run = promisify(execFile);
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface LocalNeo4jOptions {
  /** Home folder (conf, data, logs, password). Default: <project>/.neo4j/local. */
  home?: string;
  /** Default: 7687. */
  boltPort?: number;
  /** Default: 7474. */
  httpPort?: number;
}

export interface LocalNeo4j {
  connection: Neo4jConnection;
  browserUrl: string;
  passwordFile: string;
}

/** Start (or find running) the Neo4j of scripts/neo4j-local and return how to reach it. */
export async function startLocalNeo4j(options: LocalNeo4jOptions = {}): Promise<LocalNeo4j> {
  const home = options.home ?? path.join(projectRoot, '.neo4j/local');
  const boltPort = options.boltPort ?? 7687;
  const httpPort = options.httpPort ?? 7474;
  const script = path.join(projectRoot, 'scripts/neo4j-local');
  try {
    await run('bash', [script, 'start', '--home', home, '--bolt-port', String(boltPort), '--http-port', String(httpPort)], {
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const stderr =
      String((error as { stderr?: unknown }).stderr ?? '')
        .trim()
        .split('\n')
        .pop() ?? '';
    throw new LandingGraphError('NEO4J_UNAVAILABLE', `could not start the local Neo4j (scripts/neo4j-local): ${stderr}`, { cause: error });
  }
  const passwordFile = path.join(home, 'password');
  const password = (await readFile(passwordFile, 'utf8')).trim();
  return {
    connection: { uri: `bolt://127.0.0.1:${boltPort}`, username: 'neo4j', password },
    browserUrl: `http://127.0.0.1:${httpPort}/browser/`,
    passwordFile,
  };
}
