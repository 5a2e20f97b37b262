import { closeSync, existsSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Driver } from 'neo4j-driver';
import { processAlive } from '../../src/crawl/crawl-lock.js';
import { connectNeo4j, type Neo4jConnection } from '../../src/store/connect.js';
import { cypher } from '../../src/store/cypher-files.js';
import { startLocalNeo4j, stopLocalNeo4j } from '../../src/store/local-neo4j.js';
import { toNeo4jParams } from '../../src/store/params.js';
import { applySchema } from '../../src/store/schema.js';
import { log, projectRoot } from './util.js';

export interface BenchNeo4j {
  connection: Neo4jConnection;
  driver: Driver;
  /** Where it came from, for the results. */
  source: string;
  version: string;
  /** Environment for a CLI child process that must use this Neo4j. */
  env: Record<string, string>;
  /** The bench's own server's debug.log (undefined for NEO4J_URI): replans are counted from it. */
  debugLog?: string;
  /** The bench's own server's home (undefined for NEO4J_URI): what its database takes on disk is read there. */
  home?: string;
  /** Close the driver; stop the server if the bench started it. */
  close(): Promise<void>;
}

/** The process id of the bench's own server (its pid file); undefined for NEO4J_URI or when it cannot be read. */
export function serverPid(neo: BenchNeo4j): number | undefined {
  if (!neo.home) return undefined;
  try {
    return Number(readFileSync(path.join(neo.home, 'neo4j.pid'), 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * NEO4J_URI (+ NEO4J_USERNAME/PASSWORD/DATABASE) from the environment if set; otherwise the bench's own
 * server through scripts/neo4j-local (home .neo4j/bench, Bolt 7694, HTTP 7484), stopped again at the end
 * only if the bench started it. A server the bench starts gets a new database (see freshDatabase).
 */
export async function openBenchNeo4j(size: { heap?: string; pagecache?: string } = {}): Promise<BenchNeo4j> {
  let connection: Neo4jConnection;
  let source: string;
  let stop = async (): Promise<void> => undefined;
  let debugLog: string | undefined;
  let home: string | undefined;
  if (process.env.NEO4J_URI) {
    connection = {
      uri: process.env.NEO4J_URI,
      username: process.env.NEO4J_USERNAME ?? 'neo4j',
      password: process.env.NEO4J_PASSWORD ?? '',
      database: process.env.NEO4J_DATABASE || undefined,
    };
    source = 'NEO4J_URI from the environment';
  } else {
    const options = {
      home: process.env.BENCH_NEO4J_HOME ?? path.join(projectRoot, '.neo4j/bench'),
      boltPort: Number(process.env.BENCH_NEO4J_BOLT_PORT ?? 7694),
      httpPort: Number(process.env.BENCH_NEO4J_HTTP_PORT ?? 7484),
      ...size,
    };
    log(`Neo4j: scripts/neo4j-local (home ${options.home}, bolt ${options.boltPort}), started unless it runs`);
    const fresh = process.env.BENCH_KEEP_DATABASE !== '1' && freshDatabase(options.home);
    const local = await startLocalNeo4j(options);
    log(local.wasRunning ? `Neo4j already running in ${local.home}` : `started Neo4j in ${local.home}`);
    connection = local.connection;
    debugLog = path.join(local.home, 'logs/debug.log');
    home = local.home;
    const sized = `${size.heap ? ` --heap ${size.heap}` : ''}${size.pagecache ? ` --pagecache ${size.pagecache}` : ''}`;
    source = `scripts/neo4j-local --home ${path.relative(projectRoot, local.home) || local.home} --bolt-port ${options.boltPort}${sized}${local.wasRunning ? ' (already running; left running)' : ' (started and stopped by the bench)'}${fresh ? ", on a new database (the last run's deleted first)" : ''}`;
    if (!local.wasRunning) {
      stop = async () => {
        log('stopping the bench Neo4j');
        await stopLocalNeo4j(options);
      };
    }
  }
  let driver: Driver;
  try {
    driver = await connectNeo4j(connection);
  } catch (error) {
    await stop();
    throw error;
  }
  const version = await neo4jVersion(driver, connection.database);
  return {
    connection,
    driver,
    source,
    version,
    debugLog,
    home,
    env: {
      NEO4J_URI: connection.uri,
      NEO4J_USERNAME: connection.username,
      NEO4J_PASSWORD: connection.password,
      ...(connection.database ? { NEO4J_DATABASE: connection.database } : {}),
    },
    close: async () => {
      await driver.close().catch(() => undefined);
      await stop();
    },
  };
}

/**
 * Delete the stopped server's `neo4j` database and its transaction logs (the system database, with the
 * password, stays): Neo4j creates the database empty when it starts. Emptying a database with DETACH DELETE
 * leaves its files as large as they grew. With the same store code, the store ceiling measured 15,532
 * writes/s in a full run on the database earlier runs had left (2026-11-25 02:34; a full run crawls 100,000
 * records among others) and 17,545-18,954 in three runs on a new one (BENCH_ONLY=e2e, 04:12-04:30). Every
 * run now starts from the same state. BENCH_KEEP_DATABASE=1 keeps the database.
 */
function freshDatabase(home: string): boolean {
  // A running server, or one still starting (not answering yet), holds the files: its pid file names a live process.
  const pidFile = path.join(home, 'neo4j.pid');
  if (existsSync(pidFile) && processAlive(Number(readFileSync(pidFile, 'utf8').trim()))) return false;
  for (const dir of ['data/databases/neo4j', 'data/transactions/neo4j']) rmSync(path.join(home, dir), { recursive: true, force: true });
  log(`Neo4j: a new database (deleted ${home}/data/databases/neo4j and its transaction logs)`);
  return true;
}

async function neo4jVersion(driver: Driver, database: string | undefined): Promise<string> {
  const result = await driver.executeQuery(
    'CALL dbms.components() YIELD name, versions, edition RETURN name, versions, edition',
    {},
    database ? { database } : {},
  );
  const row = result.records[0];
  if (!row) return 'unknown';
  return `${String(row.get('name'))} ${(row.get('versions') as string[]).join(', ')} ${String(row.get('edition'))}`;
}

/** Empty the database (auto-commit, in transactions of 1000 rows) and apply cypher/schema.cypher. */
export async function resetGraph(neo: BenchNeo4j): Promise<void> {
  const session = neo.driver.session(neo.connection.database ? { database: neo.connection.database } : {});
  try {
    await session.run('MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS');
  } finally {
    await session.close();
  }
  await applySchema(neo.driver, { database: neo.connection.database });
}

export interface GraphCounts {
  landing: number;
  fetched: number;
  pivots: number;
  nodes: number;
  relationships: number;
  listEdges: number;
}

/** What is in the database now (Landing nodes by status, pivots, relationships). */
export async function graphCounts(neo: BenchNeo4j): Promise<GraphCounts> {
  const q = async (cypher: string): Promise<number> => {
    const result = await neo.driver.executeQuery(cypher, {}, neo.connection.database ? { database: neo.connection.database } : {});
    return Number(result.records[0]?.get(0) ?? 0);
  };
  return {
    landing: await q('MATCH (n:Landing) RETURN count(n)'),
    fetched: await q("MATCH (n:Landing) WHERE n.status = 'fetched' RETURN count(n)"),
    pivots: await q('MATCH (n:Pivot) RETURN count(n)'),
    nodes: await q('MATCH (n) RETURN count(n)'),
    relationships: await q('MATCH ()-[r]->() RETURN count(r)'),
    listEdges: await q('MATCH ()-[r:RELATED|SIMILAR|COMPETITOR]->() RETURN count(r)'),
  };
}

/**
 * Neo4j replans a cached statement when the graph's statistics have moved far enough ("Discarded stale
 * query from the query cache" in debug.log). Returns a function that counts such lines since now, or
 * undefined when the log is not ours to read.
 */
export function replanCounter(neo: BenchNeo4j): (() => number) | undefined {
  const file = neo.debugLog;
  if (!file || !existsSync(file)) return undefined;
  const from = statSync(file).size;
  return () => {
    const size = statSync(file).size;
    if (size <= from) return 0;
    const fd = openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(size - from);
      readSync(fd, buffer, 0, buffer.length, from);
      return buffer.toString('utf8').split('Discarded stale query from the query cache').length - 1;
    } finally {
      closeSync(fd);
    }
  };
}

export { COMMIT_STATEMENTS, FRONTIER_READS } from '../../src/store/commit-statements.js';

/**
 * What Neo4j spends planning each statement: `CYPHER replan=force <statement>` against the cached
 * statement, both with empty parameters (nothing to execute), in transactions rolled back; median of 3.
 */
export async function planningCosts(
  neo: BenchNeo4j,
  names: readonly string[],
): Promise<{ name: string; planningMs: number; cachedMs: number }[]> {
  const empty = toNeo4jParams({
    rows: [],
    now: new Date().toISOString(),
    crawlId: 'bench-none',
    done: [],
    aliases: [],
    queue: [],
    counts: { requested: 0, fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0 },
    depth: 0,
    after: '',
    limit: 1,
    fields: [],
    records: [],
    refs: [],
    tasks: [],
    notBefore: new Date().toISOString(),
  });
  const session = neo.driver.session(neo.connection.database ? { database: neo.connection.database } : {});
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const out: { name: string; planningMs: number; cachedMs: number }[] = [];
  try {
    for (const name of names) {
      // The commit statements carry `CYPHER replan=skip` (docs/design.md, "Plans of the commit statements"): one option only.
      const text = cypher(name).replace(/^CYPHER replan=skip\s+/, '');
      const forced: number[] = [];
      const cached: number[] = [];
      for (let i = 0; i < 3; i++) {
        for (const [times, statement] of [
          [forced, `CYPHER replan=force ${text}`],
          [cached, text],
        ] as const) {
          const tx = session.beginTransaction();
          const started = performance.now();
          try {
            await tx.run(statement, empty);
            times.push(performance.now() - started);
          } finally {
            await tx.rollback();
          }
        }
      }
      out.push({ name, planningMs: Math.max(0, median(forced) - median(cached)), cachedMs: median(cached) });
    }
  } finally {
    await session.close();
  }
  return out;
}
