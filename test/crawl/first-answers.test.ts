import { describe, expect, it } from 'vitest';
import { FirstAnswers } from '../../src/crawl/first-answers.js';
import type { Commit } from '../../src/crawl/frontier-store.js';

const counts = { requested: 1, fetched: 0, missing: 0, failed: 0, invalid: 0, reused: 0 };
const settled = (state: 'done' | 'missing' | 'invalid' | 'failed', requested = 1): Commit => ({
  batches: [],
  pivots: [],
  done: [{ uid: 'c|x', state, error: null }],
  aliases: [],
  queue: [],
  counts: { ...counts, requested, reused: requested === 0 ? 1 : 0 },
});
const check = (trusted = false) => new FirstAnswers({ trusted, describeService: 'the service at http://x.test/' });

describe('FirstAnswers', () => {
  it('holds bad answers until a good one, then releases them all', () => {
    const answers = check();
    expect(answers.judge(settled('missing'), () => 'company:1')).toBe('hold');
    expect(answers.judge(settled('invalid'), () => 'company:2')).toBe('hold');
    expect(answers.judge(settled('done'), () => 'company:3')).toBe('release');
    expect(answers.isTrusted).toBe(true);
    expect(answers.judge(settled('missing'), () => 'company:4')).toBe('write');
  });

  it('refuses at the fifth bad answer and says what came back, for which records, and what to check', () => {
    const answers = check();
    const verdicts = ['missing', 'missing', 'failed', 'invalid', 'missing'].map((s, i) =>
      answers.judge(settled(s as 'missing'), () => `company:${i}`),
    );
    expect(verdicts).toEqual(['hold', 'hold', 'hold', 'hold', 'refuse']);
    const error = answers.mismatch();
    expect(error.code).toBe('API_MISMATCH');
    expect(error.message).toBe(
      "all 5 first answers of the service at http://x.test/ looked wrong (3 HTTP 404, 1 JSON not of a landing record's shape, " +
        '1 failed after every retry (an HTML page, not JSON, or an error status); e.g. company:0, company:1), so nothing was written: ' +
        'check LANDING_BASE_URL (the address before /api/v1/landing, e.g. https://api.example.com) and the API key; if they are right, ' +
        'the seeds are not in the service',
    );
  });

  it('lets answers reused from the graph through without judging them, and trusts a crawl that got good answers before', () => {
    const answers = check();
    expect(answers.judge(settled('done', 0), () => 'company:1')).toBe('write');
    expect(answers.isTrusted).toBe(false);
    expect(check(true).judge(settled('missing'), () => 'company:1')).toBe('write');
  });

  it('names a single bad answer as the only one', () => {
    const answers = check();
    answers.judge(settled('missing'), () => 'phone:+79990001122');
    expect(answers.mismatch().message).toMatch(
      /^the only answer of the service at http:\/\/x\.test\/ looked wrong \(1 HTTP 404; e\.g\. phone:\+79990001122\)/,
    );
  });
});
