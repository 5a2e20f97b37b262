/**
 * A second, throw-away Neo4j for the round-trip tests, so the shared test database keeps its source graph:
 * an export folder is loaded with its own import.sh (real neo4j-admin, from the jars scripts/neo4j-local
 * keeps) into a fresh home, and that home is started with scripts/neo4j-local on free ports.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Driver } from 'neo4j-driver';
import { connectNeo4j } from '../../src/store/connect.js';
import { freePort } from '../support/ports.js';

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../..');
const script = path.join(projectRoot, 'scripts/neo4j-local');

export interface SpareNeo4j {
  driver: Driver;
  /** neo4j-admin's report of the import: "Imported: N nodes, M relationships, P properties". */
  imported: { nodes: number; relationships: number; properties: number };
  stop(): Promise<void>;
}

/** The folder of Neo4j's jars, fetched by scripts/neo4j-local (a no-op when cached). */
async function neo4jLib(): Promise<string> {
  await run('bash', [script, 'fetch'], { maxBuffer: 16 * 1024 * 1024 });
  const version = /^NEO4J_VERSION=(\S+)/m.exec(await readFile(script, 'utf8'))?.[1];
  const cache =
    process.env.LANDING_GRAPH_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'landing-graph');
  return path.join(cache, `neo4j-${version}`, 'lib');
}

/** Run `<csvFolder>/import.sh` into a new home, start a server on it, connect. */
export async function importIntoSpareNeo4j(csvFolder: string): Promise<SpareNeo4j> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'landing-graph-export-'));
  const lib = await neo4jLib();
  const admin = path.join(home, 'neo4j-admin');
  await writeFile(admin, `#!/bin/sh\nexec java -cp '${lib}/*' org.neo4j.server.startup.Neo4jAdminCommand "$@"\n`);
  await chmod(admin, 0o755);
  for (const dir of ['conf', 'data', 'logs']) await mkdir(path.join(home, dir), { recursive: true });
  await writeFile(path.join(home, 'conf/neo4j.conf'), `server.directories.data=${home}/data\nserver.directories.logs=${home}/logs\n`);
  const env = { ...process.env, NEO4J_HOME: home, NEO4J_CONF: path.join(home, 'conf'), NEO4J_ADMIN: admin };
  const { stdout } = await run('sh', [path.join(csvFolder, 'import.sh'), 'neo4j', `--report-file=${path.join(home, 'import.report')}`], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  const count = (what: string) => Number(new RegExp(`(\\d+) ${what}`).exec(stdout)?.[1] ?? NaN);
  const imported = { nodes: count('nodes'), relationships: count('relationships'), properties: count('properties') };
  const args = [
    '--home',
    home,
    '--bolt-port',
    String(await freePort()),
    '--http-port',
    String(await freePort()),
    '--heap',
    '512m',
    '--pagecache',
    '128m',
  ];
  await run('bash', [script, 'start', ...args], { maxBuffer: 16 * 1024 * 1024 });
  const stop = async () => {
    await run('bash', [script, 'stop', ...args]).catch(() => undefined);
    await rm(home, { recursive: true, force: true });
  };
  try {
    const password = (await readFile(path.join(home, 'password'), 'utf8')).trim();
    const driver = await connectNeo4j({ uri: `bolt://127.0.0.1:${args[3]}`, username: 'neo4j', password });
    return {
      driver,
      imported,
      stop: async () => {
        await driver.close();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
