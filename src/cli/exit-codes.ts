import { LandingGraphError, type ErrorCode } from '../errors.js';
import { OUT_OF_MEMORY_EXIT } from './heap.js';

/** Exit codes of the CLI, one per thing the user must do next. */
export const EXIT = {
  OK: 0,
  INTERNAL: 1,
  USAGE: 2,
  API_AUTH: 3,
  NEO4J: 4,
  INCOMPLETE: 5,
  SERVICE_UNAVAILABLE: 6,
  LOCKED: 7,
  /** `changes --fail-on-change`: the report lists changes. */
  CHANGED: 8,
  /** A refresh would have marked too many records gone (src/crawl/mass-gone.ts): check, or --accept-mass-gone. */
  MASS_GONE: 9,
  /** Redis is configured (--redis-url, REDIS_URL) and does not answer: start it (scripts/redis-local start). */
  REDIS: 10,
  /** The command ran out of its JavaScript heap (src/cli/heap.ts): give it more with LANDING_GRAPH_HEAP_MB. */
  OUT_OF_MEMORY: OUT_OF_MEMORY_EXIT,
  INTERRUPTED: 130,
} as const;

const byCode: Partial<Record<ErrorCode, number>> = {
  CONFIG_INVALID: EXIT.USAGE,
  SEED_INVALID: EXIT.USAGE,
  EXPORT_TOO_LARGE: EXIT.USAGE,
  LIST_INVALID: EXIT.USAGE,
  API_AUTH: EXIT.API_AUTH,
  API_UNAVAILABLE: EXIT.SERVICE_UNAVAILABLE,
  API_MISMATCH: EXIT.USAGE,
  API_UNREACHED: EXIT.USAGE,
  NEO4J_AUTH: EXIT.NEO4J,
  NEO4J_UNAVAILABLE: EXIT.NEO4J,
  NEO4J_QUERY: EXIT.NEO4J,
  NEO4J_CONFLICT: EXIT.NEO4J,
  NEO4J_MEMORY: EXIT.NEO4J,
  CRAWL_ABORTED: EXIT.INTERRUPTED,
  CRAWL_INCOMPLETE: EXIT.INCOMPLETE,
  CRAWL_LOCKED: EXIT.LOCKED,
  CHANGES_FOUND: EXIT.CHANGED,
  MASS_GONE: EXIT.MASS_GONE,
  REDIS_UNREACHABLE: EXIT.REDIS,
  OUT_OF_MEMORY: EXIT.OUT_OF_MEMORY,
};

/** The one place where an error becomes an exit code and a one-line message. */
export function exitFor(error: unknown): { exitCode: number; line: string } {
  if (error instanceof LandingGraphError) {
    return { exitCode: byCode[error.code] ?? EXIT.INTERNAL, line: `landing-graph: ${error.code}: ${firstLine(error.message)}` };
  }
  const commanderCode = (error as { code?: unknown })?.code;
  if (typeof commanderCode === 'string' && commanderCode.startsWith('commander.')) {
    return { exitCode: EXIT.USAGE, line: '' };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { exitCode: EXIT.INTERNAL, line: `landing-graph: INTERNAL: ${firstLine(message)}` };
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
