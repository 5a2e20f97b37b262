import { describe, expect, it } from 'vitest';
import { LandingGraphError } from '../../src/errors.js';
import { jobIdOf } from '../../src/queue/names.js';
import { fetchJobSchema, outcomeOfError, outcomeOfRecord, readOutcome } from '../../src/queue/outcome.js';
import { FetchTally, type TaskTally } from '../../src/queue/tally.js';

const ref = { kind: 'domain' as const, key: "Ромашка.рф'}) DETACH DELETE n //" };

describe('record task outcomes (what a worker answers through Redis)', () => {
  it('carries a record as its exact text and parses it again on the crawl side, as JSON text or as an object', () => {
    const text = '{"id": 7, "title": "=HYPERLINK(\\"x\\")  🙂"}';
    const outcome = outcomeOfRecord({ ref, text, attempts: 2 });
    for (const value of [outcome, JSON.stringify(outcome)]) {
      expect(readOutcome(ref, value, 'job')).toEqual({ ref, text, attempts: 2 });
    }
  });

  it("carries the client's error with its code and kind, so the crawl judges a 404 or spent retries as its own", () => {
    const notFound = outcomeOfError(new LandingGraphError('API_NOT_FOUND', 'domain:x answered 404', { details: { status: 404 } }));
    const error = (() => {
      try {
        readOutcome(ref, notFound, 'job');
      } catch (e) {
        return e as LandingGraphError;
      }
    })();
    expect(error).toBeInstanceOf(LandingGraphError);
    expect({ code: error?.code, kind: error?.kind, message: error?.message, details: error?.details }).toEqual({
      code: 'API_NOT_FOUND',
      kind: 'skip',
      message: 'domain:x answered 404',
      details: { status: 404 },
    });
  });

  it('turns a foreign error into INTERNAL, and refuses a value that is no outcome with a line naming the job', () => {
    expect(outcomeOfError(new TypeError('boom'))).toMatchObject({
      ok: false,
      code: 'INTERNAL',
      message: 'a worker failed on the record: boom',
    });
    expect(() => readOutcome(ref, { ok: true }, 'c1.domain%3Ax')).toThrow(/^job c1\.domain%3Ax in Redis returned no fetch outcome/);
    expect(() => readOutcome(ref, 'not json', 'j')).toThrow(LandingGraphError);
    expect(() => readOutcome(ref, { ok: false, code: 'NO_SUCH_CODE', message: '', details: {} }, 'j')).toThrow(/no fetch outcome/);
  });

  it('checks a task at the edge: a ref by page number or by key, nothing else', () => {
    expect(fetchJobSchema.parse({ crawlId: 'c', ref: { kind: 'company', id: 5 } })).toEqual({
      crawlId: 'c',
      ref: { kind: 'company', id: 5 },
    });
    expect(fetchJobSchema.safeParse({ crawlId: 'c', ref: { kind: 'person', id: 5 } }).success).toBe(false);
    expect(fetchJobSchema.safeParse({ crawlId: 'c', ref: { kind: 'company', id: 5, key: 'x' } }).success).toBe(false);
  });

  it('names a job by crawl and record, without the `:` BullMQ refuses in ids, one id per record', () => {
    const id = jobIdOf('abc-1', ref);
    expect(id).not.toContain(':');
    expect(id.startsWith('abc-1.')).toBe(true);
    expect(jobIdOf('abc-1', { kind: 'domain', id: 4 })).toBe('abc-1.domain%234');
    expect(jobIdOf('abc-1', { kind: 'domain', key: 'a.b' })).not.toBe(jobIdOf('abc-2', { kind: 'domain', key: 'a.b' }));
  });

  it("carries the retries and 429 waits a record cost its worker, counted per record from the client's events", () => {
    const tally = new FetchTally();
    const other = { kind: 'company' as const, id: 9 };
    tally.onEvent({ type: 'rate-limited', ref: "domain:Ромашка.рф'}) DETACH DELETE n //", retryAfterMs: 1000 });
    tally.onEvent({ type: 'retry', ref: 'company#9', failedAttempts: 1, delayMs: 10, code: 'API_SERVER', message: '503' });
    tally.onEvent({ type: 'rate-limited', ref: "domain:Ромашка.рф'}) DETACH DELETE n //", retryAfterMs: 1000 });
    tally.onEvent({ type: 'service-up', origin: 'http://x' } as never);
    const text = '{"id": 7}';
    const seen: TaskTally[] = [];
    const ok = outcomeOfRecord({ ref, text, attempts: 1 }, tally.take(ref));
    readOutcome(ref, JSON.stringify(ok), 'job', (t) => seen.push(t));
    const failed = outcomeOfError(new LandingGraphError('API_RETRIES_EXHAUSTED', 'gave up'), tally.take(other));
    expect(() => readOutcome(other, failed, 'job', (t) => seen.push(t))).toThrow('gave up');
    expect(seen).toEqual([
      { retries: 0, rateLimitWaits: 2 },
      { retries: 1, rateLimitWaits: 0 },
    ]);
    expect(tally.take(ref)).toEqual({ retries: 0, rateLimitWaits: 0 }); // taken: forgotten
    // A worker of an earlier version sends no tally: nothing is counted, the record still reads.
    expect(readOutcome(ref, { ok: true, text, attempts: 1 }, 'job', (t) => seen.push(t)).text).toBe(text);
    expect(seen).toHaveLength(2);
  });
});
