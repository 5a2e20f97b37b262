import { describe, expect, it } from 'vitest';
import { toStoreError } from '../../src/store/neo4j-errors.js';

/** A driver error as neo4j-driver raises it: an Error with the server's code. */
function serverError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('toStoreError', () => {
  it.each([
    [
      'Neo.TransientError.General.MemoryPoolOutOfMemoryError',
      'The allocation of an extra 2.6 MiB would use more than the limit 4.2 GiB. Currently using 4.2 GiB. dbms.memory.transaction.total.max threshold reached',
      'dbms.memory.transaction.total.max',
    ],
    [
      'Neo.TransientError.General.TransactionOutOfMemoryError',
      'The transaction used more memory than was allowed (db.memory.transaction.max)',
      'db.memory.transaction.max',
    ],
    [
      'Neo.TransientError.General.OutOfMemoryError',
      "There is not enough memory to perform the current task.\nPlease try increasing 'server.memory.heap.max_size'",
      'server.memory.heap.max_size',
    ],
  ])('%s: NEO4J_MEMORY, fatal, one line that names the setting and what to do', (code, message, setting) => {
    const error = toStoreError(serverError(code, message), 'query shared-registrant');
    expect(error.code).toBe('NEO4J_MEMORY');
    expect(error.retryable).toBe(false);
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain('during query shared-registrant');
    expect(error.message).toContain(setting);
    expect(error.message).toContain('scripts/neo4j-local --heap');
    expect(error.details.neo4jCode).toBe(code);
  });

  it('other transient errors stay NEO4J_UNAVAILABLE, to be retried', () => {
    const error = toStoreError(serverError('Neo.TransientError.Transaction.DeadlockDetected', 'deadlock'), 'a commit');
    expect(error.code).toBe('NEO4J_UNAVAILABLE');
  });
});
