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
  for (const statement of cypherStatements('schema')) {
    await runText(executor, statement, {}, { ...runOptions, mode: 'write' }, 'applying cypher/schema.cypher');
  }
  await runNamed(executor, 'await-indexes', {}, { ...runOptions, mode: 'read' });
  await runNamed(executor, 'migrations/officer-role-per-link', {}, { ...runOptions, mode: 'write' });
  await runNamed(executor, 'migrations/fanout-cut-names', {}, { ...runOptions, mode: 'write' });
  await copyLowerCase(executor, runOptions, log);
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
