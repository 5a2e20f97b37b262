import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { connectNeo4j } from '../src/store/connect.js';
import { cypherStatements } from '../src/store/cypher-files.js';
import { fmt, projectRoot } from './lib/util.js';

/**
 * What Neo4j spends planning each statement the program runs (within the bench, bench/lib/neo4j.ts
 * `planningCosts` measures the commit statements' planning as a forced replan less a cached run, on the parameters
 * they take; EXPLAIN here needs none, so it reaches every statement): every single-statement file under cypher/ (schema
 * files and fragments aside), EXPLAINed on an emptied query cache, twice, the shorter kept. A test server plans each
 * statement its files run once (then serves it from the cache), so this is what a server costs the tests before a
 * statement does any work; the tests' servers run with `scripts/neo4j-local --jit quick`, so measure on one of those.
 *
 *   npx tsc -p bench/tsconfig.json && NEO4J_URI=bolt://127.0.0.1:7688 NEO4J_PASSWORD=… node bench/out/build/bench/plan-cost.js [--top N]
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args[topAt + 1]) : 15;
  const uri = process.env.NEO4J_URI;
  if (!uri) throw new Error('NEO4J_URI is not set: name the server to measure (and NEO4J_PASSWORD)');
  // The store modules read cypher/ relative to their compiled place (bench/out/build/src/store), as in bench/run.ts.
  cpSync(path.join(projectRoot, 'cypher'), path.join(import.meta.dirname, '../cypher'), { recursive: true });
  const driver = await connectNeo4j({ uri, username: process.env.NEO4J_USERNAME ?? 'neo4j', password: process.env.NEO4J_PASSWORD ?? '' });
  try {
    const timed: { name: string; ms: number }[] = [];
    for (const name of statementNames()) {
      const statements = cypherStatements(name);
      if (statements.length !== 1 || /^(CREATE|DROP) (CONSTRAINT|INDEX)/i.test(statements[0]!)) continue;
      let bestMs = Number.POSITIVE_INFINITY;
      for (let round = 0; round < 2; round++) {
        await driver.executeQuery('CALL db.clearQueryCaches()');
        const startedMs = performance.now();
        await driver.executeQuery(`EXPLAIN ${statements[0]}`);
        bestMs = Math.min(bestMs, performance.now() - startedMs);
      }
      timed.push({ name, ms: bestMs });
    }
    timed.sort((a, b) => b.ms - a.ms);
    const totalMs = timed.reduce((sum, t) => sum + t.ms, 0);
    console.log(`${timed.length} statements planned in ${fmt.s(totalMs)} (each the shorter of two plans on an empty cache)`);
    for (const t of timed.slice(0, top)) console.log(`${fmt.int(t.ms).padStart(7)} ms  ${t.name}`);
  } finally {
    await driver.close();
  }
}

/** Every statement file's name as `cypher()` takes it (`queries/hubs`), fragments left out. */
function statementNames(): string[] {
  const root = path.join(projectRoot, 'cypher');
  const names: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'fragments') walk(full);
      } else if (entry.name.endsWith('.cypher')) names.push(path.relative(root, full).replace(/\.cypher$/, ''));
    }
  };
  walk(root);
  return names.sort();
}

main().catch((error: unknown) => {
  console.error(`plan-cost: ${(error as Error).message}`);
  process.exit(1);
});
