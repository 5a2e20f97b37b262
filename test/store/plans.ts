import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Driver } from 'neo4j-driver';
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

/** Every statement under cypher/ that starts with `CYPHER replan=skip`, by name (path without .cypher). */
export function frozenStatements(): { name: string; text: string }[] {
  const names = (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.cypher'))
    .map((file) => file.slice(0, -'.cypher'.length).split(path.sep).join('/'))
    .sort();
  return names.map((name) => ({ name, text: cypher(name) })).filter(({ text }) => text.startsWith('CYPHER replan=skip'));
}

/** The operators (with their details) of the plan Neo4j makes for `text` now, forced afresh. */
export async function planOperators(driver: Driver, text: string, database?: string): Promise<string[]> {
  const statement = `EXPLAIN CYPHER replan=force ${text.replace(/^CYPHER replan=skip\s+/, '')}`;
  const params = Object.fromEntries([...text.matchAll(/\$([A-Za-z_]\w*)/g)].map((m) => [m[1], null]));
  const result = await driver.executeQuery(statement, params, database ? { database } : {});
  const out: string[] = [];
  type Plan = { operatorType: string; arguments?: Record<string, unknown>; children?: Plan[] };
  const walk = (plan: Plan) => {
    out.push(`${plan.operatorType.replace(/@.*$/, '')} ${String(plan.arguments?.Details ?? '')}`.trim());
    for (const child of plan.children ?? []) walk(child);
  };
  walk(result.summary.plan as unknown as Plan);
  return out;
}
