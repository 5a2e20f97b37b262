import type { LocalNeo4jOptions } from '../../src/store/local-neo4j.js';

/**
 * How every Neo4j the tests start runs (scripts/neo4j-local's options): servers that live for one test run and plan
 * hundreds of statements a few times each. The JVM's first compiler only (`--jit quick`), and each statement planned
 * once per parameter types (`--size-plans off`), not again for each size class of its lists and strings.
 */
export const TEST_SERVER_TUNING = { jit: 'quick', sizePlans: false } as const satisfies Partial<LocalNeo4jOptions>;
