import { cypherStatements } from './cypher-files.js';
import { runNamed, runText, type Executor, type RunOptions } from './executor.js';

/**
 * Apply cypher/schema.cypher (constraints and indexes) and the data migrations of cypher/migrations/ (each a
 * no-op once done). Idempotent; run at every start of a writing command.
 */
export async function applySchema(executor: Executor, options: Pick<RunOptions, 'database'> = {}): Promise<void> {
  for (const statement of cypherStatements('schema')) {
    await runText(executor, statement, {}, { ...options, mode: 'write' }, 'applying cypher/schema.cypher');
  }
  await runNamed(executor, 'await-indexes', {}, { ...options, mode: 'read' });
  await runNamed(executor, 'migrations/officer-role-per-link', {}, { ...options, mode: 'write' });
  await runNamed(executor, 'migrations/fanout-cut-names', {}, { ...options, mode: 'write' });
}
