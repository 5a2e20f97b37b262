import { LandingGraphError } from '../errors.js';
import type { Commit } from './frontier-store.js';

/** Answers judged before a run that has seen no good one concludes that it is talking to the wrong thing. */
export const FIRST_ANSWERS_JUDGED = 5;

/** What one fetched answer says about the service: a record of the expected shape, or one of the bad outcomes. */
export type AnswerKind = 'record' | 'notFound' | 'wrongShape' | 'failed';

/**
 * Before anything a run fetched is written, the run must have seen one answer that looks like the landing
 * service's: an HTTP 200 of JSON that passes the record's schema. A wrong base URL (the sandbox's printed address
 * with /api/v1/landing/ doubled, a proxy's path), a wrong key, or another service answers 404s, HTML pages or JSON
 * of another shape to everything; written, those answers would mark every seed `missing` (on a refresh: a whole
 * investigation gone, in its history and its change report). So the run's fetched answers are held back until a
 * good one arrives; when the first FIRST_ANSWERS_JUDGED answers, or all the run got, are bad, the run stops with
 * API_MISMATCH and writes none of them (their tasks stay queued: the same command asks again).
 * A run of a crawl whose earlier runs got good answers from the same base URL (it is part of the crawl's identity)
 * is trusted from its start. Pure: the loop feeds it settlements and does what it says.
 */
export class FirstAnswers {
  private trusted: boolean;
  private readonly judged: number;
  private readonly service: string;
  private readonly seen: Record<Exclude<AnswerKind, 'record'>, number> = { notFound: 0, wrongShape: 0, failed: 0 };
  private readonly examples: string[] = [];

  constructor(options: { trusted: boolean; judged?: number; describeService: string }) {
    this.trusted = options.trusted;
    this.judged = options.judged ?? FIRST_ANSWERS_JUDGED;
    this.service = options.describeService;
  }

  /** Whether fetched answers may be written as they come. */
  get isTrusted(): boolean {
    return this.trusted;
  }

  /** Bad answers seen while untrusted. */
  get bad(): number {
    return this.seen.notFound + this.seen.wrongShape + this.seen.failed;
  }

  /**
   * Judge one settlement: `write` it (trusted, or not an answer of the service: a stored answer reused), `hold`
   * it, or `release` the held ones with it (the first good answer); `refuse` once too many were bad. `label` names
   * the record for the message, asked only for the first bad answers.
   */
  judge(settlement: Commit, label: () => string): 'write' | 'hold' | 'release' | 'refuse' {
    if (this.trusted || settlement.counts.requested === 0) return 'write';
    const kind = answerKind(settlement);
    if (kind === 'record') {
      this.trusted = true;
      return 'release';
    }
    this.seen[kind] += 1;
    if (this.examples.length < 2) this.examples.push(label());
    return this.bad >= this.judged ? 'refuse' : 'hold';
  }

  /** The run's one line: what came back, for which records, and what to check. */
  mismatch(): LandingGraphError {
    const parts = [
      this.seen.notFound > 0 ? `${this.seen.notFound} HTTP 404` : '',
      this.seen.wrongShape > 0 ? `${this.seen.wrongShape} JSON not of a landing record's shape` : '',
      this.seen.failed > 0 ? `${this.seen.failed} failed after every retry (an HTML page, not JSON, or an error status)` : '',
    ].filter(Boolean);
    const all = this.bad === 1 ? 'the only answer' : `all ${this.bad} first answers`;
    return new LandingGraphError(
      'API_MISMATCH',
      `${all} of ${this.service} looked wrong (${parts.join(', ')}; e.g. ${this.examples.join(', ')}), so nothing was written: ` +
        'check LANDING_BASE_URL (the address before /api/v1/landing, e.g. https://api.example.com) and the API key; ' +
        'if they are right, the seeds are not in the service',
      { details: { ...this.seen } },
    );
  }
}

/** What a settlement of a fetched answer says about the service. */
export function answerKind(settlement: Commit): AnswerKind {
  const state = settlement.done[0]?.state;
  if (state === 'missing') return 'notFound';
  if (state === 'invalid') return 'wrongShape';
  if (state === 'failed') return 'failed';
  return 'record';
}
