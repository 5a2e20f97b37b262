import { type Clock, epochClock } from '../time/clock.js';
import { formatDurationMs } from '../time/duration.js';
import { LandingGraphError } from '../errors.js';
import { Downtime } from '../time/downtime.js';

/** Options of ServiceGate; every one has a default. */
export interface ServiceGateOptions {
  /** Longest wait for the service to answer again once the gate closed. Default: 600000 (10 min). */
  serviceWaitMs?: number;
  /**
   * Longest wait, from the first request, for a service that no request has reached yet (every failure so far a
   * failure to connect): a wrong address, not an outage. Default: 30000.
   */
  firstContactTimeoutMs?: number;
  /** Delay before the first probe. Default: 1000. */
  minProbeDelayMs?: number;
  /** Longest delay between probes. Default: 30000. */
  maxProbeDelayMs?: number;
  /** Transient failures before any answer, with no answer between, that close the gate. Default: 5. */
  failuresInARow?: number;
  /** ...over at least this many different records. Default: 2. */
  distinctRecords?: number;
  /** The service, for messages (an origin: never a key). */
  origin?: string;
  /** Default: epochClock. */
  clock?: Clock;
  onEvent?: (event: ServiceGateEvent) => void;
}

export type ServiceGateEvent = { type: 'service-down'; reason: string } | { type: 'service-back'; downMs: number };

/** A request's permission to go out; `probe` marks the one request sent while the gate is closed. */
export interface GatePass {
  readonly probe: boolean;
}

/** What a failed request (no answer, or a 5xx) tells the gate. */
export interface GateFailure {
  /** The record, to count distinct records in a run. */
  record: string;
  /** No connection could be made at all (refused, DNS, connect time-out, unreachable). */
  connectFailure: boolean;
  /** Short label for messages: `connection refused`, `HTTP 503`. */
  reason: string;
}

interface Waiter {
  resolve: (pass: GatePass) => void;
  reject: (error: LandingGraphError) => void;
}

const OPEN: GatePass = Object.freeze({ probe: false });

/**
 * Tells an outage of the service apart from one bad record, and holds every request of a client while the
 * service is down, so that an outage pauses a crawl instead of spending the retry attempts of whatever is
 * in flight (and marking a whole stretch of the frontier `failed`).
 *
 * - Open (normal): requests pass. The gate closes on the first failure to connect at all (connection
 *   refused or reset while connecting, DNS failure, connect time-out, host or network unreachable: no
 *   request reached the service, so no record can be to blame), or on `failuresInARow` transient failures
 *   before any answer (5xx, time-outs, resets of open connections) with no answer between them, over at
 *   least `distinctRecords` different records.
 *   One record failing on its own (a server bug on that record, the last record of a crawl retried alone)
 *   never closes it: it keeps its own attempts and may end `failed`.
 * - Closed: no request is sent; the failure that closed the gate, those of requests already under way and
 *   the requests that arrive all wait here without spending an attempt. One of them at a time goes out as
 *   the probe, after minProbeDelayMs, then twice as long after each failed probe, up to maxProbeDelayMs.
 *   Any HTTP answer that is not 5xx (200, 404, 401, 429 ...) to any request opens the gate and every
 *   waiting request goes on. A probe that fails to connect spends nothing; a probe that reaches the
 *   service and fails (5xx, time-out) spends one attempt of its own record, and the next probe is the
 *   next waiting request, so a few broken records cannot hold the gate shut for ever.
 * - Given up: when the service has not answered for `serviceWaitMs` since the gate closed, every waiting
 *   request, and every later one until an answer arrives, fails with API_UNAVAILABLE (kind `stop`).
 *   While no request has ever reached the service (every failure a failure to connect), the bound is
 *   `firstContactTimeoutMs` from the first request instead, and the error API_UNREACHED: nothing listens at
 *   that address, which waiting does not mend. Once one request reached it, later outages get the long wait.
 *
 * Why 5 in a row over 2 records: with independent failures at a rate p, a given failure starts a false
 * run with probability p^5 (1e-5 at 10 %, 0.24 % at 30 %), and a false closure costs only one probe
 * delay, no attempts; a real outage at concurrency 8 gives 5 failures within a second.
 */
export class ServiceGate {
  readonly serviceWaitMs: number;
  readonly firstContactTimeoutMs: number;
  readonly #failuresInARow: number;
  readonly #distinctRecords: number;
  readonly #origin: string;
  readonly #clock: Clock;
  readonly #onEvent: ((event: ServiceGateEvent) => void) | undefined;

  #state: 'open' | 'closed' | 'given-up' = 'open';
  /** Some request reached the service (an answer, or a failure after the connection was made). */
  #reached = false;
  /** When the first request entered (epoch ms); undefined before it. */
  #firstRequestAtMs: number | undefined;
  /** Transient failures since the last answer, and their records. */
  #run = 0;
  readonly #runRecords = new Set<string>();
  /** The current outage: since when, and the delay of the next probe. */
  readonly #outage: Downtime;
  #reason = '';
  /** The probe under way, if any. */
  #probe: GatePass | undefined;
  /** A probe is due but nobody was waiting: the next request to arrive is it. */
  #probeDue = false;
  readonly #waiters: Waiter[] = [];
  /** Cancels the probe and give-up timers of the current outage. */
  #timers: AbortController | undefined;
  /** Cancels the give-up timer alone (armed again when the first contact is made during an outage). */
  #giveUpTimer: AbortController | undefined;
  #abandoned: LandingGraphError | undefined;

  constructor(options: ServiceGateOptions = {}) {
    this.serviceWaitMs = options.serviceWaitMs ?? 600_000;
    this.firstContactTimeoutMs = options.firstContactTimeoutMs ?? 30_000;
    this.#failuresInARow = Math.max(1, options.failuresInARow ?? 5);
    this.#distinctRecords = Math.max(1, options.distinctRecords ?? 2);
    this.#origin = options.origin ?? 'the landing service';
    this.#clock = options.clock ?? epochClock;
    this.#onEvent = options.onEvent;
    this.#outage = new Downtime({
      limitMs: this.serviceWaitMs,
      minProbeDelayMs: options.minProbeDelayMs ?? 1_000,
      maxProbeDelayMs: options.maxProbeDelayMs ?? 30_000,
      clock: this.#clock,
    });
  }

  /** Whether requests are being held (closed or given up). */
  get down(): boolean {
    return this.#state !== 'open';
  }

  /** Requests waiting for the service. */
  get waiting(): number {
    return this.#waiters.length;
  }

  /**
   * Resolves when the request may go out: at once while the gate is open; while it is closed, when the
   * service answers again or when this request is chosen as the probe. Rejects with API_UNAVAILABLE
   * when the service wait has run out, or with the error given to abandon().
   */
  enter(): Promise<GatePass> {
    this.#firstRequestAtMs ??= this.#clock.now();
    if (this.#state === 'open') return Promise.resolve(OPEN);
    if (this.#abandoned) return Promise.reject(this.#abandoned);
    if (this.#state === 'given-up') return Promise.reject(this.#givenUpError());
    if (this.#probeDue && !this.#probe) {
      this.#probeDue = false;
      return Promise.resolve(this.#startProbe());
    }
    return new Promise<GatePass>((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** Whether a request that passed may be sent now (not if the gate closed since, unless it is the probe). */
  admits(pass: GatePass): boolean {
    return this.#state === 'open' || pass === this.#probe;
  }

  /** The service answered (any status below 500): the run ends and a closed gate opens. */
  answered(pass: GatePass): void {
    this.#reached = true;
    if (pass === this.#probe) this.#probe = undefined;
    this.#run = 0;
    this.#runRecords.clear();
    if (this.#state === 'open') return;
    const downMs = this.#outage.awayMs();
    this.#outage.answered();
    this.#state = 'open';
    this.#probeDue = false;
    this.#probe = undefined;
    this.#timers?.abort();
    this.#timers = undefined;
    this.#onEvent?.({ type: 'service-back', downMs });
    for (const waiter of this.#waiters.splice(0)) waiter.resolve(OPEN);
  }

  /**
   * A request got no answer or a 5xx. `count`: the failure is the record's own and spends one of its
   * attempts (retry as usual). `wait`: the service is down; enter() again without spending an attempt.
   */
  failed(pass: GatePass, failure: GateFailure): 'count' | 'wait' {
    if (!failure.connectFailure && !this.#reached) {
      this.#reached = true;
      // Something listens there after all: a closed gate now waits the outage's long wait.
      if (this.#state === 'closed') this.#armGiveUp();
    }
    if (this.#state === 'open') {
      if (failure.connectFailure) {
        this.#close(failure.reason);
        return 'wait';
      }
      this.#run += 1;
      this.#runRecords.add(failure.record);
      if (this.#run >= this.#failuresInARow && this.#runRecords.size >= this.#distinctRecords) {
        this.#close(`${failure.reason}; ${this.#run} failures in a row over ${this.#runRecords.size} records`);
        return 'wait';
      }
      return 'count';
    }
    // Sent before the gate closed, or the probe of a gate that has given up since.
    if (pass !== this.#probe || this.#state !== 'closed') return 'wait';
    this.#probe = undefined;
    this.#reason = failure.reason;
    this.#scheduleProbe(this.#outage.nextProbeDelayMs());
    return failure.connectFailure ? 'wait' : 'count';
  }

  /** The request ended without a verdict (an error that is not about the service): free the probe slot. */
  release(pass: GatePass): void {
    if (pass !== this.#probe) return;
    this.#probe = undefined;
    if (this.#state === 'closed') this.#scheduleProbe(0);
  }

  /**
   * Stop waiting (Ctrl-C while the service is down): every waiting request, and every later one while
   * the gate stays shut, fails with `error`. Requests still pass while the gate is open.
   */
  abandon(error: LandingGraphError): void {
    this.#abandoned = error;
    this.#timers?.abort();
    this.#timers = undefined;
    for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
  }

  #close(reason: string): void {
    this.#state = 'closed';
    this.#outage.answered(); // a fresh outage: its time and its probe delays start now
    this.#outage.failed();
    this.#reason = reason;
    this.#probe = undefined;
    this.#probeDue = false;
    this.#run = 0;
    this.#runRecords.clear();
    this.#timers?.abort();
    this.#timers = new AbortController();
    this.#onEvent?.({ type: 'service-down', reason });
    this.#armGiveUp();
    this.#scheduleProbe(this.#outage.nextProbeDelayMs());
  }

  /** Start (or start again) the give-up timer of the current outage: the first-contact bound, or the service wait. */
  #armGiveUp(): void {
    this.#giveUpTimer?.abort();
    const outage = this.#timers;
    if (!outage) return;
    const timer = new AbortController();
    this.#giveUpTimer = timer;
    outage.signal.addEventListener('abort', () => timer.abort(), { once: true });
    const waitMs = this.#reached
      ? this.serviceWaitMs - this.#outage.awayMs()
      : this.firstContactTimeoutMs - (this.#clock.now() - (this.#firstRequestAtMs ?? this.#clock.now()));
    void this.#wait(Math.max(0, waitMs), timer.signal).then(() => {
      if (this.#timers === outage && !timer.signal.aborted) this.#giveUp();
    });
  }

  /** Sleep on the clock; an abort ends the sleep like its end (the callers look at the signal). */
  #wait(ms: number, signal: AbortSignal): Promise<void> {
    return this.#clock.sleep(ms, signal).catch(() => undefined);
  }

  #scheduleProbe(ms: number): void {
    const timers = this.#timers;
    if (!timers) return;
    const due = () => {
      if (this.#timers !== timers || this.#state !== 'closed' || this.#probe) return;
      const next = this.#waiters.shift();
      if (next) next.resolve(this.#startProbe());
      else this.#probeDue = true;
    };
    if (ms <= 0) due();
    else
      void this.#wait(ms, timers.signal).then(() => {
        if (!timers.signal.aborted) due();
      });
  }

  #startProbe(): GatePass {
    const pass: GatePass = { probe: true };
    this.#probe = pass;
    return pass;
  }

  #giveUp(): void {
    this.#state = 'given-up';
    this.#probeDue = false;
    this.#probe = undefined;
    this.#timers?.abort();
    this.#timers = undefined;
    const error = this.#givenUpError();
    for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
  }

  #givenUpError(): LandingGraphError {
    return this.#reached ? this.#unavailable() : this.#unreached();
  }

  #unreached(): LandingGraphError {
    return new LandingGraphError(
      'API_UNREACHED',
      `no request reached the service at ${this.#origin} within ${formatDurationMs(this.firstContactTimeoutMs)} (${this.#reason}): ` +
        'check LANDING_BASE_URL (or --base-url), and that the service runs there',
      { details: { origin: this.#origin, reason: this.#reason, firstContactTimeoutMs: this.firstContactTimeoutMs } },
    );
  }

  #unavailable(): LandingGraphError {
    const downMs = this.#outage.awayMs();
    return new LandingGraphError(
      'API_UNAVAILABLE',
      `the service at ${this.#origin} has not answered for ${formatDurationMs(this.serviceWaitMs)} (${this.#reason})`,
      { details: { origin: this.#origin, reason: this.#reason, serviceWaitMs: this.serviceWaitMs, downMs } },
    );
  }
}
