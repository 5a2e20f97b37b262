import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Driver } from 'neo4j-driver';
import { COMMIT_STATEMENTS, FRONTIER_READS } from '../../src/store/commit-statements.js';
import { cypher } from '../../src/store/cypher-files.js';

const root = path.resolve(import.meta.dirname, '../../cypher');

/** Operators that read a whole label, type or store: fatal in a plan kept for ever (an index seek is fine). */
export const SCAN_OPERATORS = [
  'AllNodesScan',
  'NodeByLabelScan',
  'DirectedAllRelationshipsScan',
  'UndirectedAllRelationshipsScan',
  'DirectedRelationshipTypeScan',
  'UndirectedRelationshipTypeScan',
  'DirectedUnionRelationshipTypesScan',
  'UndirectedUnionRelationshipTypesScan',
];

/**
 * Index scans (a read of a whole index, unlike a seek): a plan made where the statistics say an index is empty
 * chose one for a lookup hinted `USING INDEX` (a scan satisfies that hint), and kept it.
 */
export const INDEX_SCAN_OPERATORS = [
  'NodeIndexScan',
  'NodeIndexContainsScan',
  'NodeIndexEndsWithScan',
  'DirectedRelationshipIndexScan',
  'UndirectedRelationshipIndexScan',
];

/** The one index scan meant: adopt-key-stubs starts from the few nodes that have a key conflict. */
export const MEANT_INDEX_SCANS = ['n:Landing(keyConflict)'];

/** The operators of `operators` that scan a label, a type, a store or an index (bar MEANT_INDEX_SCANS). */
export function scansIn(operators: readonly string[]): string[] {
  return operators.filter(
    (op) =>
      SCAN_OPERATORS.some((scan) => op.startsWith(scan)) ||
      (INDEX_SCAN_OPERATORS.some((scan) => op.startsWith(scan)) && !MEANT_INDEX_SCANS.some((meant) => op.includes(meant))),
  );
}

/** The commit statements and frontier reads (src/store/commit-statements.ts), each checked to exist under cypher/. */
export function commitStatements(): { name: string; text: string }[] {
  const names = new Set(
    (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.cypher'))
      .map((file) => file.slice(0, -'.cypher'.length).split(path.sep).join('/')),
  );
  const all = [...COMMIT_STATEMENTS, ...FRONTIER_READS];
  for (const name of all) if (!names.has(name)) throw new Error(`cypher/${name}.cypher is gone: update src/store/commit-statements.ts`);
  return all.map((name) => ({ name, text: cypher(name) }));
}

/**
 * The plan Neo4j makes for `text` now, on this graph: forced afresh, since a server answers EXPLAIN from its plan
 * cache, and a plan cached from another test file's graph (Neo4j plans again only when its statistics have moved, at
 * most every 10 s) would answer for that graph instead.
 */
export async function freshPlan(driver: Driver, text: string, params: Record<string, unknown>, database?: string): Promise<unknown> {
  const statement = `EXPLAIN CYPHER replan=force ${text.replace(/^CYPHER replan=skip\s+/, '')}`;
  return (await driver.executeQuery(statement, params, database ? { database } : {})).summary.plan;
}

/** The operators (with their details) of the plan Neo4j makes for `text` now, forced afresh, every parameter null. */
export async function planOperators(driver: Driver, text: string, database?: string): Promise<string[]> {
  const params = Object.fromEntries([...text.matchAll(/\$([A-Za-z_]\w*)/g)].map((m) => [m[1], null]));
  const plan = await freshPlan(driver, text, params, database);
  const out: string[] = [];
  type Plan = { operatorType: string; arguments?: Record<string, unknown>; children?: Plan[] };
  const walk = (plan: Plan) => {
    out.push(`${plan.operatorType.replace(/@.*$/, '')} ${String(plan.arguments?.Details ?? '')}`.trim());
    for (const child of plan.children ?? []) walk(child);
  };
  walk(plan as Plan);
  return out;
}
