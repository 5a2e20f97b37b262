import { LandingGraphError } from '../errors.js';
import { cypherStatements } from './cypher-files.js';
import { runNamed, runText, type Executor, type RunOptions } from './executor.js';

/** Internal node ids per transaction of the lower-case copies' migration: a few tens of thousands of writes each. */
const COPY_BATCH_IDS = 50_000;

type SchemaOptions = Pick<RunOptions, 'database'>;

/**
 * Apply cypher/schema.cypher (constraints and indexes) and the data migrations of cypher/migrations/ (each a
 * no-op once done). Idempotent; run at every start of a writing command. `log` hears of a migration that goes
 * through the whole graph (once, on a graph written by an older version).
 */
export async function applySchema(executor: Executor, options: SchemaOptions & { log?: (line: string) => void } = {}): Promise<void> {
  const { log, ...runOptions } = options;
  const present = await indexNames(executor, runOptions);
  for (const statement of cypherStatements('schema')) {
    const step = schemaStep(statement);
    if (present && step && step.creates === present.has(step.name)) continue;
    await runText(executor, statement, {}, { ...runOptions, mode: 'write' }, 'applying cypher/schema.cypher');
    // A later step may drop and create one name again (a changed definition).
    if (present && step?.creates) present.add(step.name);
    else if (present && step) present.delete(step.name);
  }
  await runNamed(executor, 'await-indexes', {}, { ...runOptions, mode: 'read' });
  await runNamed(executor, 'migrations/officer-role-per-link', {}, { ...runOptions, mode: 'write' });
  await runNamed(executor, 'migrations/fanout-cut-names', {}, { ...runOptions, mode: 'write' });
  await copyLowerCase(executor, runOptions, log);
}

/**
 * What a statement of cypher/schema.cypher does to which name: `CREATE [TEXT] INDEX|CONSTRAINT <name> IF NOT EXISTS`
 * creates it, `DROP INDEX <name> IF EXISTS` drops it; undefined for any other form.
 */
export function schemaStep(statement: string): { name: string; creates: boolean } | undefined {
  const create = /^CREATE (?:(?:TEXT|RANGE|POINT|FULLTEXT) )?(?:INDEX|CONSTRAINT) (\w+) IF NOT EXISTS\b/.exec(statement);
  if (create) return { name: create[1]!, creates: true };
  // Not DROP CONSTRAINT: a constraint that owns no index is not among the names listed.
  const drop = /^DROP INDEX (\w+) IF EXISTS$/.exec(statement);
  return drop ? { name: drop[1]!, creates: false } : undefined;
}

/**
 * The names of the indexes the database has (cypher/index-names.cypher), or undefined for a user who may not list
 * them: then every statement runs, each a no-op when its name exists. Asked of the leader, where the schema's steps
 * run, so that a follower behind it cannot hide a step.
 */
async function indexNames(executor: Executor, options: SchemaOptions): Promise<Set<string> | undefined> {
  try {
    const [row] = await runNamed(executor, 'index-names', {}, { ...options, mode: 'write' });
    return new Set((row?.names as string[] | undefined) ?? []);
  } catch (error) {
    if (error instanceof LandingGraphError && error.details?.neo4jCode === 'Neo.ClientError.Security.Forbidden') return undefined;
    throw error;
  }
}

/**
 * cypher/migrations/lower-case-copies.cypher over every node, batch by batch, then its mark (a run stopped half-way
 * leaves none, and the next start goes through again).
 */
async function copyLowerCase(executor: Executor, options: SchemaOptions, log?: (line: string) => void): Promise<void> {
  const [state] = await runNamed(executor, 'migrations/lower-case-copies-state', {}, { ...options, mode: 'read' });
  if (state?.done === true) return;
  const [last] = await runNamed(executor, 'migrations/last-node-id', {}, { ...options, mode: 'read' });
  const lastNodeId = last?.lastNodeId === null || last?.lastNodeId === undefined ? -1 : Number(last.lastNodeId);
  const loud = lastNodeId >= COPY_BATCH_IDS;
  if (loud) log?.(`migrating the graph once: lower-case copies of titles and values for find-entity (${lastNodeId + 1} node ids)`);
  let copied = 0;
  for (let from = 0; from <= lastNodeId; from += COPY_BATCH_IDS) {
    const [row] = await runNamed(
      executor,
      'migrations/lower-case-copies',
      { from, to: from + COPY_BATCH_IDS },
      { ...options, mode: 'write' },
    );
    copied += Number(row?.copied ?? 0);
  }
  await runNamed(executor, 'migrations/mark-done', { name: 'lower-case-copies' }, { ...options, mode: 'write' });
  if (loud) log?.(`migrated: ${copied} titles and values copied`);
}
