import { LandingGraphError } from '../errors.js';
import type { Commit } from './frontier-store.js';

/**
 * Share of the records fetched before (requested again by this run) that may answer 404 before the run stops.
 * Records leave the service slowly: in the sandbox's evolving worlds and in a real ball over weeks, a few
 * percent (domains expire, a company's page is withdrawn). A fifth of them gone at once is not churn but the
 * service, a proxy or our address failing for a kind of record; written, it would mark an investigation gone in
 * its history and its change report.
 */
export const MASS_GONE_SHARE = 0.2;
/** Gone records below this many never stop a run: two of a ball of five is a share, not a pattern. */
export const MASS_GONE_MIN = 10;

/**
 * A refresh never marks more than MASS_GONE_SHARE of the records it asks again gone without `accept`
 * (--accept-mass-gone). The loop tells it which requested tasks held an answer before; their 404s are held
 * (not written) until the loop is idle, then either all released or the run stops with MASS_GONE, writing
 * none of them: their tasks stay queued, and the same command with --accept-mass-gone writes them. Pure.
 */
export class MassGone {
  private answeredBefore = 0;
  private gone = 0;
  private readonly held: Commit[] = [];

  constructor(private readonly options: { accept: boolean; share?: number; min?: number }) {}

  /** Judge a settlement to be written; `wasAnswered`: its record held a valid answer before this run. */
  admit(settlement: Commit, wasAnswered: boolean): 'write' | 'hold' {
    if (!wasAnswered || settlement.counts.requested === 0) return 'write';
    this.answeredBefore += 1;
    if (settlement.counts.missing === 0) return 'write';
    this.gone += 1;
    if (this.options.accept) return 'write';
    this.held.push(settlement);
    return 'hold';
  }

  /** Whether gone answers wait for a decision. */
  get holding(): boolean {
    return this.held.length > 0;
  }

  /** The loop is idle: the held settlements to write, or a MASS_GONE error when too many records went. */
  decide(): { release: Commit[] } | { refuse: Commit[]; error: LandingGraphError } {
    const held = this.held.splice(0);
    const share = this.options.share ?? MASS_GONE_SHARE;
    const min = this.options.min ?? MASS_GONE_MIN;
    if (this.gone < min || this.gone <= share * this.answeredBefore) return { release: held };
    const percent = (n: number) => `${Math.round(n * 100)}%`;
    const error = new LandingGraphError(
      'MASS_GONE',
      `${this.gone} of ${this.answeredBefore} records fetched before now answer 404 (${percent(this.gone / this.answeredBefore)}, more than ${percent(share)}): none was marked gone; check LANDING_BASE_URL and the key, or run the same command with --accept-mass-gone if the service really dropped them`,
    );
    return { refuse: held, error };
  }
}
