import { type Clock, systemClock } from './clock.js';

export interface DowntimeOptions {
  /** Longest outage waited out; past it the caller gives up with its own error. */
  limitMs: number;
  /** Wait before the first probe of an outage; twice as long after each failed probe. Default: 250. */
  minProbeDelayMs?: number;
  /** Longest wait between probes. Default: 2000. */
  maxProbeDelayMs?: number;
  /** Default: systemClock. */
  clock?: Pick<Clock, 'now'>;
}

/**
 * The one wait-out policy for something we depend on (the service, Neo4j, Redis): how long it has been away, from
 * its first failure since it last answered (so that the time counts across every call that met the outage, not from
 * each one's own start), when to probe it next (doubling back-off), and whether to give up.
 */
export class Downtime {
  readonly limitMs: number;
  readonly #minProbeDelayMs: number;
  readonly #maxProbeDelayMs: number;
  readonly #clock: Pick<Clock, 'now'>;
  #sinceMs: number | undefined;
  #probes = 0;

  constructor(options: DowntimeOptions) {
    this.limitMs = options.limitMs;
    this.#minProbeDelayMs = options.minProbeDelayMs ?? 250;
    this.#maxProbeDelayMs = Math.max(this.#minProbeDelayMs, options.maxProbeDelayMs ?? 2_000);
    this.#clock = options.clock ?? systemClock;
  }

  /** It answered: the outage, if any, is over. */
  answered(): void {
    this.#sinceMs = undefined;
    this.#probes = 0;
  }

  /** It failed: the ms it has been away (0 at the first failure of an outage). */
  failed(): number {
    const nowMs = this.#clock.now();
    this.#sinceMs ??= nowMs;
    return nowMs - this.#sinceMs;
  }

  /** The ms it has been away now (0: no outage). */
  awayMs(): number {
    return this.#sinceMs === undefined ? 0 : this.#clock.now() - this.#sinceMs;
  }

  /** Whether an outage of `downMs` is past the limit. */
  exceeded(downMs: number): boolean {
    return downMs > this.limitMs;
  }

  /** The wait before the next probe of this outage: minProbeDelayMs, then twice as long each time, up to the max. */
  nextProbeDelayMs(): number {
    const delayMs = Math.min(this.#maxProbeDelayMs, this.#minProbeDelayMs * 2 ** this.#probes);
    this.#probes += 1;
    return delayMs;
  }
}

export interface WaitOutOptions {
  downtime: Downtime;
  /** Sleeps between probes. */
  clock: Pick<Clock, 'sleep'>;
  /** Whether an error means the dependency is away (else it is thrown as it is). */
  isOutage: (error: unknown) => boolean;
  /** The error to throw once the outage passes the limit. */
  giveUp: (downMs: number, cause: unknown) => unknown;
  signal?: AbortSignal;
}

/** Run `operation`, trying it again on the downtime's probe delays while the dependency is away, up to its limit. */
export async function waitOut<T>(operation: () => Promise<T>, options: WaitOutOptions): Promise<T> {
  for (;;) {
    try {
      const result = await operation();
      options.downtime.answered();
      return result;
    } catch (error) {
      if (!options.isOutage(error)) throw error;
      const downMs = options.downtime.failed();
      if (options.downtime.exceeded(downMs)) throw options.giveUp(downMs, error);
      await options.clock.sleep(options.downtime.nextProbeDelayMs(), options.signal);
      options.signal?.throwIfAborted();
    }
  }
}
