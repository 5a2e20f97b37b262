import { cypherStatements } from './cypher-files.js';
import { runNamed, runText, type Executor, type RunOptions } from './executor.js';

/** Apply cypher/schema.cypher (constraints and indexes). Idempotent; run at every start. */
export async function applySchema(executor: Executor, options: Pick<RunOptions, 'database'> = {}): Promise<void> {
  for (const statement of cypherStatements('schema')) {
    await runText(executor, statement, {}, { ...options, mode: 'write' }, 'applying cypher/schema.cypher');
  }
  await runNamed(executor, 'await-indexes', {}, { ...options, mode: 'read' });
}
