import type { LocalNeo4jOptions } from '../../src/store/local-neo4j.js';
import { freePort } from './ports.js';

/**
 * How every Neo4j the tests start runs (scripts/neo4j-local's options): servers that live for one test run and plan
 * hundreds of statements a few times each. The JVM's first compiler only (`--jit quick`), each statement planned
 * once per parameter types (`--size-plans off`), not again for each size class of its lists and strings, and a stop
 * without Bolt's 10 s of grace (`--quick-stop on`): the tests stop and start servers dozens of times.
 */
export const TEST_SERVER_TUNING = { jit: 'quick', sizePlans: false, quickStop: true } as const satisfies Partial<LocalNeo4jOptions>;

/** A small throw-away server of a test's own, without Graph Data Science, on free ports, run as every test server is. */
export async function spareServerOptions(home: string, pagecache = '64m'): Promise<LocalNeo4jOptions> {
  return { home, boltPort: await freePort(), httpPort: await freePort(), heap: '512m', pagecache, gds: false, ...TEST_SERVER_TUNING };
}
