/**
 * A second, throw-away Neo4j for the round-trip tests, so the shared test database keeps its source graph:
 * an export folder is loaded with its own import.sh (real neo4j-admin, from the jars scripts/neo4j-local
 * keeps) into a fresh home, and that home is started with scripts/neo4j-local on free ports. Also the import of
 * what followthemoney's `ftm export-neo4j-bulk` makes of an FtM export.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Driver } from 'neo4j-driver';
import { connectNeo4j } from '../../src/store/connect.js';
import { localNeo4jJars, startLocalNeo4j, stopLocalNeo4j } from '../../src/store/local-neo4j.js';
import { spareServerOptions } from '../support/server-tuning.js';

const run = promisify(execFile);

export interface SpareNeo4j {
  driver: Driver;
  /** neo4j-admin's report of the import: "Imported: N nodes, M relationships, P properties". */
  imported: { nodes: number; relationships: number; properties: number };
  stop(): Promise<void>;
}

/** A fresh Neo4j home with a `neo4j-admin` of the jars scripts/neo4j-local keeps, and the environment to run it in. */
async function adminHome(): Promise<{ home: string; admin: string; env: NodeJS.ProcessEnv }> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'landing-graph-export-'));
  const { lib } = await localNeo4jJars();
  const admin = path.join(home, 'neo4j-admin');
  await writeFile(admin, `#!/bin/sh\nexec java -XX:TieredStopAtLevel=1 -cp '${lib}/*' org.neo4j.server.startup.Neo4jAdminCommand "$@"\n`);
  await chmod(admin, 0o755);
  for (const dir of ['conf', 'data', 'logs']) await mkdir(path.join(home, dir), { recursive: true });
  await writeFile(path.join(home, 'conf/neo4j.conf'), `server.directories.data=${home}/data\nserver.directories.logs=${home}/logs\n`);
  return { home, admin, env: { ...process.env, NEO4J_HOME: home, NEO4J_CONF: path.join(home, 'conf'), NEO4J_ADMIN: admin } };
}

/** neo4j-admin's report of an import: "Imported: N nodes, M relationships, P properties". */
function importedCounts(stdout: string): SpareNeo4j['imported'] {
  const count = (what: string) => Number(new RegExp(`(\\d+) ${what}`).exec(stdout)?.[1] ?? NaN);
  return { nodes: count('nodes'), relationships: count('relationships'), properties: count('properties') };
}

/**
 * Import the folder `ftm export-neo4j-bulk` wrote with the real neo4j-admin (its files as its neo4j_import.sh names
 * them; the script itself is written for an older neo4j-admin), into a throw-away home; no server is started.
 */
export async function importFtmBulk(folder: string): Promise<SpareNeo4j['imported']> {
  const script = await readFile(path.join(folder, 'neo4j_import.sh'), 'utf8');
  const files = [...script.matchAll(/--(nodes|relationships)=(\S+)/g)].map(([, kind, file]) => `--${kind}=${path.join(folder, file!)}`);
  const { home, admin, env } = await adminHome();
  try {
    const { stdout } = await run(
      admin,
      // The database first: --nodes and --relationships take every word after them as files.
      [
        'database',
        'import',
        'full',
        'neo4j',
        '--id-type=string',
        '--multiline-fields=true',
        `--report-file=${path.join(home, 'import.report')}`,
        ...files,
      ],
      { env, maxBuffer: 64 * 1024 * 1024 },
    );
    return importedCounts(stdout);
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** Run `<csvFolder>/import.sh` into a new home, start a server on it, connect. */
export async function importIntoSpareNeo4j(csvFolder: string): Promise<SpareNeo4j> {
  const { home, env } = await adminHome();
  const { stdout } = await run('sh', [path.join(csvFolder, 'import.sh'), 'neo4j', `--report-file=${path.join(home, 'import.report')}`], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  const imported = importedCounts(stdout);
  const options = await spareServerOptions(home, '128m');
  const stop = async () => {
    await stopLocalNeo4j(options).catch(() => undefined);
    await rm(home, { recursive: true, force: true });
  };
  try {
    const { connection } = await startLocalNeo4j(options);
    const driver = await connectNeo4j(connection);
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
