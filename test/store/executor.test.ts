import { Neo4jError, type ManagedTransaction } from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { LandingGraphError } from '../../src/errors.js';
import { eachNamed, runNamed } from '../../src/store/executor.js';

/** A transaction whose every statement fails with `error`: what the driver hands runNamed when Neo4j refuses. */
function failingTx(error: Error): ManagedTransaction {
  // A Result is both awaited (runNamed) and iterated (eachNamed): a rejected promise that is also iterable,
  // marked handled so that the way not taken does not count as an unhandled rejection.
  const fail = () => {
    const result = Promise.reject(error);
    result.catch(() => undefined);
    return Object.assign(result, { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }) });
  };
  return { run: fail } as unknown as ManagedTransaction;
}

describe('errors of statements in a managed transaction', () => {
  const deadlock = new Neo4jError('ForsetiClient can not acquire ExclusiveLock', 'Neo.TransientError.Transaction.DeadlockDetected', '', '');
  const syntax = new Neo4jError('Invalid input', 'Neo.ClientError.Statement.SyntaxError', '', '');

  it('leaves a retryable error (a deadlock) as it is, so that the driver retries the transaction', async () => {
    await expect(runNamed(failingTx(deadlock), 'frontier-levels', { crawlId: 'c' })).rejects.toBe(deadlock);
    await expect(eachNamed(failingTx(deadlock), 'frontier-levels', { crawlId: 'c' }, () => undefined)).rejects.toBe(deadlock);
  });

  it('converts any other error once, naming the statement', async () => {
    const error = await runNamed(failingTx(syntax), 'frontier-levels', { crawlId: 'c' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LandingGraphError);
    expect(error).toMatchObject({ code: 'NEO4J_QUERY', message: expect.stringContaining('frontier-levels') });
  });
});
