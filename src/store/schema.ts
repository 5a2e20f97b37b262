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
  const present = await schemaNames(executor, runOptions);
  for (const statement of cypherStatements('schema')) {
    if (present && !schemaStepNeeded(statement, present)) continue;
    await runText(executor, statement, {}, { ...runOptions, mode: 'write' }, 'applying cypher/schema.cypher');
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

/** Whether a statement would change a database that has the indexes `present`: a statement of another form always runs. */
function schemaStepNeeded(statement: string, present: ReadonlySet<string>): boolean {
  const step = schemaStep(statement);
  return step === undefined || step.creates !== present.has(step.name);
}

/**
 * The names of the indexes the database has (cypher/schema-names.cypher), or undefined when it will not say (a user
 * without the privilege to list them): then every statement runs, each a no-op when its name exists. Asking once
 * costs a few milliseconds; the schema's statements, a write transaction each, most of a second at every start of a
 * writing command.
 */
async function schemaNames(executor: Executor, options: SchemaOptions): Promise<Set<string> | undefined> {
  try {
    const [row] = await runNamed(executor, 'schema-names', {}, { ...options, mode: 'read' });
    return new Set((row?.names as string[] | undefined) ?? []);
  } catch {
    return undefined;
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
