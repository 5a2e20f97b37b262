import { type Clock, systemClock } from './clock.js';

/**
 * How long something we depend on (Redis, a server) has been away: from its first failure since it last answered,
 * so that the time counts across every call that met the outage, not from each one's own start. Past `limitMs`
 * the caller gives up with its own error.
 */
export class Downtime {
  #sinceMs: number | undefined;

  constructor(
    readonly limitMs: number,
    private readonly clock: Pick<Clock, 'now'> = systemClock,
  ) {}

  /** It answered: the outage, if any, is over. */
  answered(): void {
    this.#sinceMs = undefined;
  }

  /** It failed: the ms it has been away (0 at the first failure of an outage). */
  failed(): number {
    const nowMs = this.clock.now();
    this.#sinceMs ??= nowMs;
    return nowMs - this.#sinceMs;
  }

  /** Whether an outage of `downMs` is past the limit. */
  exceeded(downMs: number): boolean {
    return downMs > this.limitMs;
  }
}
