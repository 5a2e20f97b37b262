/**
 * The one error type of landing-graph. Every failure that leaves a module is a LandingGraphError with a
 * stable `code` and a `kind` that tells the caller what to do next (crawlee-style grouping):
 * - `retry`: transient; the same call may succeed later (back off first),
 * - `skip`: this one item failed for good, the rest of the work goes on,
 * - `stop`: nothing further can succeed until a person acts (bad key, bad config, bad input).
 * Foreign errors (undici, neo4j-driver, zod) are converted where they enter: client/http-errors.ts,
 * store/neo4j-errors.ts. Messages never contain the API key or the Neo4j password.
 */
export type ErrorKind = 'retry' | 'skip' | 'stop';

export const ERROR_CODES = {
  // Input and configuration: the user must change the command.
  CONFIG_INVALID: 'stop',
  SEED_INVALID: 'stop',
  // The landing service.
  API_AUTH: 'stop',
  API_NOT_FOUND: 'skip',
  API_RATE_LIMITED: 'retry',
  API_TRANSIENT: 'retry',
  API_CLIENT: 'skip',
  API_RETRIES_EXHAUSTED: 'skip',
  // The service stopped answering and did not come back within the service wait: no request can succeed.
  API_UNAVAILABLE: 'stop',
  /** No request of the run reached the service within the first-contact bound: a wrong address, or nothing runs there. */
  API_UNREACHED: 'stop',
  /** The first answers of a run did not look like the landing service's (404s, HTML, another shape): wrong base URL or key. */
  API_MISMATCH: 'stop',
  /** A refresh found more records fetched before now answering 404 than MASS_GONE_SHARE allows: none was marked gone. */
  MASS_GONE: 'stop',
  RECORD_INVALID: 'skip',
  // Redis (the rate window shared across processes): start it or fix its URL.
  REDIS_UNREACHABLE: 'stop',
  // Neo4j.
  NEO4J_UNAVAILABLE: 'retry',
  NEO4J_AUTH: 'stop',
  NEO4J_QUERY: 'stop',
  NEO4J_CONFLICT: 'stop',
  /** The Neo4j server has too little heap for what was asked (Graph Data Science's estimate): raise it. */
  NEO4J_MEMORY: 'stop',
  // The crawl itself.
  CRAWL_ABORTED: 'stop',
  /** Another process runs the same crawl now. */
  CRAWL_LOCKED: 'stop',
  /** The frontier ran out but records failed for good (retries spent): the same command retries them. */
  CRAWL_INCOMPLETE: 'retry',
  EXPORT_TOO_LARGE: 'stop',
  /** A watch list given to `screen` that is neither FtM JSON lines nor the CSV, or has a bad line: fix the file. */
  LIST_INVALID: 'stop',
  /** The command ran out of its JavaScript heap: LANDING_GRAPH_HEAP_MB gives it more. */
  OUT_OF_MEMORY: 'stop',
  /** `changes --fail-on-change` found changes: not a failure, a signal for cron (the report was printed). */
  CHANGES_FOUND: 'stop',
  INTERNAL: 'stop',
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface LandingGraphErrorOptions {
  cause?: unknown;
  /** Structured facts for logs and tests (never secrets). */
  details?: Record<string, unknown>;
}

export class LandingGraphError extends Error {
  override readonly name = 'LandingGraphError';
  readonly code: ErrorCode;
  readonly kind: ErrorKind;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: LandingGraphErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.kind = ERROR_CODES[code];
    this.details = options.details ?? {};
  }

  get retryable(): boolean {
    return this.kind === 'retry';
  }
}

export function isLandingGraphError(error: unknown, code?: ErrorCode): error is LandingGraphError {
  return error instanceof LandingGraphError && (code === undefined || error.code === code);
}

/** A short, quoted rendering of a user-supplied value for error messages (hostile strings stay inert). */
export function quoteValue(value: unknown, maxLength = 80): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const cut = text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
  return JSON.stringify(cut);
}
