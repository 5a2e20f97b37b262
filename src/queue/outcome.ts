import { z } from 'zod';
import type { FetchedRecord } from '../client/client.js';
import { LANDING_KINDS } from '../api/kinds.js';
import type { LandingRef } from '../api/refs.js';
import type { TaskTally } from './tally.js';
import { ERROR_CODES, type ErrorCode, isLandingGraphError, LandingGraphError } from '../errors.js';

/** What a job asks: one record of one crawl. */
export const fetchJobSchema = z.object({
  crawlId: z.string().min(1),
  ref: z.union([
    z.object({ kind: z.enum(LANDING_KINDS), id: z.number().int().nonnegative() }).strict(),
    z.object({ kind: z.enum(LANDING_KINDS), key: z.string().min(1) }).strict(),
  ]),
});
export type FetchJob = z.infer<typeof fetchJobSchema>;

const codeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/**
 * What a worker answers, as the job's return value: the record's exact text, or the client's error with its code
 * (404, retries spent, a bad key...). The crawl decides what an error means, as it does for its own requests.
 */
const count = z.number().int().nonnegative();
/** Retries and 429 waits the fetch cost its worker (absent from workers of an earlier version: none counted). */
const tallySchema = z.object({ retries: count, rateLimitWaits: count }).optional();

export const fetchOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), text: z.string(), attempts: count, tally: tallySchema }),
  z.object({ ok: z.literal(false), code: codeSchema, message: z.string(), details: z.record(z.string(), z.unknown()), tally: tallySchema }),
]);
export type FetchOutcome = z.infer<typeof fetchOutcomeSchema>;

export function outcomeOfRecord(record: FetchedRecord, tally?: TaskTally): FetchOutcome {
  return { ok: true, text: record.text, attempts: record.attempts, ...(tally ? { tally } : {}) };
}

/** Any error of a fetch, as an outcome: the client's keep their code; anything else is INTERNAL. */
export function outcomeOfError(error: unknown, tally?: TaskTally): FetchOutcome {
  const also = tally ? { tally } : {};
  if (isLandingGraphError(error)) return { ok: false, code: error.code, message: error.message, details: plain(error.details), ...also };
  return {
    ok: false,
    code: 'INTERNAL',
    message: `a worker failed on the record: ${(error as Error)?.message ?? String(error)}`,
    details: {},
    ...also,
  };
}

/**
 * The record, or the error to throw, from a job's return value (BullMQ may hand it back as JSON text). A value that
 * is not an outcome is an INTERNAL error naming the job: another program wrote to our queue, or a version mismatch.
 */
export function readOutcome(ref: LandingRef, returnValue: unknown, jobId: string, onTally?: (tally: TaskTally) => void): FetchedRecord {
  let value = returnValue;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      // left as text: the schema below names it
    }
  }
  const parsed = fetchOutcomeSchema.safeParse(value);
  if (!parsed.success) {
    throw new LandingGraphError(
      'INTERNAL',
      `job ${jobId} in Redis returned no fetch outcome: ${parsed.error.issues[0]?.message ?? 'bad shape'} (workers of another version?)`,
    );
  }
  const outcome = parsed.data;
  if (outcome.tally) onTally?.(outcome.tally);
  if (!outcome.ok) throw new LandingGraphError(outcome.code, outcome.message, { details: outcome.details });
  return { ref, text: outcome.text, attempts: outcome.attempts };
}

/** Details are facts (numbers, strings); whatever does not survive JSON is dropped. */
function plain(details: Record<string, unknown>): Record<string, unknown> {
  try {
    return JSON.parse(JSON.stringify(details)) as Record<string, unknown>;
  } catch {
    return {};
  }
}
