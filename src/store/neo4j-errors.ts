import { LandingGraphError } from '../errors.js';

/** Neo4j's codes for a statement that met a memory limit: of its transaction, of a memory pool or of the heap. */
const MEMORY_CODES =
  /^Neo\.(?:Transient|Client)Error\.General\.(?:TransactionOutOfMemoryError|TransactionMemoryLimit|OutOfMemoryError|MemoryPoolOutOfMemoryError)$/;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return /[.!?]$/.test(flat) ? flat : `${flat}.`;
}

/**
 * The one place where neo4j-driver's errors become LandingGraphErrors. Neo4j's messages never hold the
 * password (the driver sends it only in the HELLO/LOGON message), but we still pass only the server's
 * code and message on.
 */
export function toStoreError(error: unknown, what: string): LandingGraphError {
  if (error instanceof LandingGraphError) return error;
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
  const message = error instanceof Error ? error.message : String(error);
  const details = { neo4jCode: code };
  if (code.startsWith('Neo.ClientError.Security.')) {
    return new LandingGraphError(
      'NEO4J_AUTH',
      `Neo4j refused the credentials (${code}) during ${what}; check NEO4J_USERNAME and NEO4J_PASSWORD`,
      { cause: error, details },
    );
  }
  // Transient to the server, but the same statement meets the same limit again: the user narrows it or gives Neo4j
  // more memory. The server's message names the setting (the transaction's, the pool's or the heap's).
  if (MEMORY_CODES.test(code)) {
    return new LandingGraphError(
      'NEO4J_MEMORY',
      `Neo4j ran out of memory during ${what}: ${oneLine(message)} Narrow what it reads (a scope, a value, a lower limit), or raise the setting named (the heap: scripts/neo4j-local --heap)`,
      { cause: error, details },
    );
  }
  if (
    code === 'ServiceUnavailable' ||
    code === 'SessionExpired' ||
    code.startsWith('Neo.TransientError.') ||
    code === 'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration' ||
    code === 'Neo.ClientError.Transaction.TransactionTimedOut' ||
    /ECONNREFUSED|ECONNRESET|socket hang up|Connection was closed/i.test(message)
  ) {
    return new LandingGraphError('NEO4J_UNAVAILABLE', `Neo4j is unavailable during ${what}: ${message}`, { cause: error, details });
  }
  if (code === 'Neo.ClientError.Schema.ConstraintValidationFailed') {
    return new LandingGraphError(
      'NEO4J_CONFLICT',
      `Neo4j rejected a write that would break a uniqueness constraint during ${what}: ${message}`,
      { cause: error, details },
    );
  }
  return new LandingGraphError('NEO4J_QUERY', `Neo4j failed during ${what}: ${code ? `${code}: ` : ''}${message}`, {
    cause: error,
    details,
  });
}
