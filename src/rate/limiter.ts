import { LandingGraphError } from '../errors.js';
import { type Clock, systemClock } from '../time/clock.js';
import { type Departure, watchDeparture } from './departures.js';
import { SlidingWindow, type WindowSlot } from './sliding-window.js';

/** RequestLimiterOptions.marginMs when none is given (the CLI's --rate-margin-ms too). */
export const DEFAULT_RATE_MARGIN_MS = 25;

export interface RequestLimiterOptions {
  /**
   * Most requests leaving in any one-second window (sliding), measured when their headers are written to
   * the socket. Default: 10. `Infinity` for no limit.
   */
  requestsPerSecond?: number;
  /** Most requests in flight at once (waiting for their turn included); more queue, first come first served. Default: 8. */
  maxConcurrent?: number;
  /**
   * Added to the one-second window: the spread of the delay between the socket write and the service's
   * reading of the request (network, the service's own queues and stalls). A service that reads a request
   * up to this much later than another still sees at most `requestsPerSecond` in any second; the rate is
   * then at most 1000 / (1000 + marginMs) of the limit. Default: 25.
   */
  marginMs?: number;
  /**
   * How far behind its pace (1000 + marginMs) / requestsPerSecond the limiter may fall (an event-loop stall,
   * a turn that came late) and still make it up, at twice the pace, within the window's bound; a 429
   * pause is never made up. Making up never lets more than requestsPerSecond into a window. Default: 500,
   * longer than the stalls a crawl's large commits cause (a shorter one loses pace to them).
   */
  catchUpMs?: number;
  /** Clock for the window, the spacing and the 429 pause. Default: systemClock (performance.now, setTimeout). */
  clock?: Clock;
  /** Epoch ms, only to turn a Retry-After time into a pause on `clock`. Default: Date.now. */
  now?: () => number;
  /**
   * Turns shared with other processes on the same service and key (shared-window.ts): a request that has its local
   * slot also waits for a turn there, and a 429's pause is shared. Default: none (this process alone).
   */
  shared?: SharedTurns;
}

/** A window shared across processes (Redis): a turn per request, a pause for all. */
export interface SharedTurns {
  /** Resolves with a ticket when the request may leave; the turn counts as leaving any moment until `sent`. */
  acquire(signal?: AbortSignal): Promise<string>;
  /** The request left, or ended without leaving: its turn counts from now. */
  sent(ticket: string): Promise<void>;
  pauseUntil(untilMs: number): Promise<void>;
}

/** The error of a request the limiter drops, or refuses, because it was stopped. */
export class LimiterStoppedError extends Error {
  constructor() {
    super('This limiter has been stopped.');
    this.name = 'LimiterStoppedError';
  }
}

const noDeparture: Departure = { headers: {}, sent: () => undefined };

/** A shared turn abandoned because the limiter stopped is the limiter's stop; anything else is itself. */
function stoppedOr(error: unknown): never {
  if (error instanceof Error && error.name === 'AbortError') throw new LimiterStoppedError();
  throw error;
}

/**
 * Throttling shared by every request of a client. Guarantee: no window of 1,000 ms + `marginMs` holds more
 * than `requestsPerSecond` departures, a departure being the moment undici writes the request's headers to
 * the socket (seen on its diagnostics channel, see departures.ts), so no one-second window at the service
 * does either as long as the delay to the service varies by less than the margin. Requests are also spaced
 * by (1000 + marginMs) / requestsPerSecond ms, so the rate is even and at most 1000 / (1000 + marginMs) of
 * the limit (0.976 with the default margin); up to `catchUpMs` of pace lost to a stall is made up at twice the pace.
 *
 * How: a request reserves a slot in a SlidingWindow (sliding-window.ts) when the window and the spacing
 * allow; the slot counts as leaving any moment until undici reports its departure, and then at that time.
 * An event-loop stall between the reservation and the write therefore cannot crowd a window: the requests
 * that leave late and together were all counted when they were reserved. A request that ends without its
 * departure seen counts as leaving when it ended.
 *
 * `pauseUntil` (a 429's Retry-After) holds back every request not yet reserved, queued or waiting for its
 * turn. Requests over `maxConcurrent` queue in the order they came and start as others end. Every wait on
 * time is on `clock`, and nothing else waits on time, so a fake clock drives the limiter completely.
 */
export class RequestLimiter {
  readonly requestsPerSecond: number;
  readonly maxConcurrent: number;
  /** The window (1000 + marginMs ms) and the spacing; undefined when there is no rate limit. */
  private readonly window: SlidingWindow | undefined;
  private readonly clock: Clock;
  private readonly now: () => number;
  private readonly shared: SharedTurns | undefined;
  /** On `clock`: no reservation before this. */
  private pauseEndMs = -Infinity;
  /** Reservations are made one at a time, in the order requests reached their turn. */
  private turns: Promise<unknown> = Promise.resolve();
  /** Woken when a pending slot is marked sent (a reservation may be waiting for that). */
  private wakeOnMark: (() => void)[] = [];
  private readonly stopping = new AbortController();
  private unseen = 0;
  /** Requests started and not yet over (waiting for their turn included). */
  private running = 0;
  /** Requests waiting for one of the maxConcurrent places, first come first: start or drop each. */
  private readonly queue: { start: () => void; drop: (error: Error) => void }[] = [];
  /** Woken when a request is over (stop waits for the running ones). */
  private wakeOnEnd: (() => void)[] = [];
  /** On `clock`: the time requests waited for the window, its spacing, a pause or the shared turns, so far. */
  private rateHeldMs = 0;

  constructor(options: RequestLimiterOptions = {}) {
    this.requestsPerSecond = options.requestsPerSecond ?? 10;
    this.maxConcurrent = options.maxConcurrent ?? 8;
    this.clock = options.clock ?? systemClock;
    this.now = options.now ?? Date.now;
    this.shared = options.shared;
    const marginMs = options.marginMs ?? DEFAULT_RATE_MARGIN_MS;
    if (!Number.isFinite(marginMs) || marginMs < 0)
      throw new LandingGraphError('CONFIG_INVALID', `the rate margin must be a number of ms of at least 0, got ${String(marginMs)}`);
    const windowMs = 1000 + marginMs;
    this.window = Number.isFinite(this.requestsPerSecond)
      ? new SlidingWindow({
          limit: Math.max(1, Math.floor(this.requestsPerSecond)),
          windowMs,
          // Not from the whole-number limit: --rps 0.5 spaces requests 2,050 ms apart.
          spacingMs: windowMs / this.requestsPerSecond,
          catchUpMs: options.catchUpMs ?? 500,
        })
      : undefined;
  }

  /** The time (epoch ms) until which no request may start (0 when not paused). */
  get pausedUntil(): number {
    const left = this.pauseEndMs - this.clock.now();
    return left > 0 ? this.now() + left : 0;
  }

  /**
   * How long requests have waited for the rate (the window, its spacing, a pause after a 429, the turns shared with
   * other processes), in all: the time the rate held the crawl. The turns are taken one at a time, so these waits do
   * not overlap; the shared turns' may.
   */
  get heldForRateMs(): number {
    return this.rateHeldMs;
  }

  /** Requests that ended without their departure seen on undici's channel (counted as leaving when they ended). */
  get unseenDepartures(): number {
    return this.unseen;
  }

  /**
   * Run `send` when the concurrency, any pause, the window and the spacing allow. `send` must add
   * `departure.headers` to its undici request (or call `departure.sent()` when the request leaves by other
   * means) and settle only when the request is over.
   */
  async schedule<T>(send: (departure: Departure) => Promise<T>): Promise<T> {
    await this.enter();
    try {
      const slot = await this.takeTurn();
      const window = this.window;
      if (!slot || !window) return await send(noDeparture);
      let ticket: string | undefined;
      if (this.shared) {
        const askedMs = this.clock.now();
        try {
          ticket = await this.shared.acquire(this.stopping.signal);
          // A 429 heard here while Redis gave the turn holds this request too: Redis may not have had its pause yet.
          // The turn is kept meanwhile, counting as leaving any moment: the safe side of the shared window.
          await this.waitOutPause();
          if (this.stopping.signal.aborted) throw new LimiterStoppedError();
          this.rateHeldMs += this.clock.now() - askedMs;
        } catch (error) {
          if (ticket !== undefined) this.shared.sent(ticket).catch(() => undefined);
          window.finish(slot, this.clock.now());
          this.wakeMarkWaiters();
          stoppedOr(error);
        }
      }
      const shared = this.shared;
      let sharedSent = false;
      const markShared = () => {
        if (!shared || ticket === undefined || sharedSent) return;
        sharedSent = true;
        // Fire and forget: until Redis has it, the turn still counts as leaving any moment (the safe side).
        shared.sent(ticket).catch(() => undefined);
      };
      const departure = watchDeparture(() => {
        window.markSent(slot, this.clock.now());
        this.wakeMarkWaiters();
        markShared();
      });
      try {
        return await send(departure);
      } finally {
        departure.release();
        markShared();
        if (window.finish(slot, this.clock.now())) {
          this.unseen++;
          this.wakeMarkWaiters();
        }
      }
    } finally {
      this.leave();
    }
  }

  /** Hold every request until `untilMs` (epoch ms); a later call may extend the pause, never shorten it. */
  pauseUntil(untilMs: number): void {
    const endMs = this.clock.now() + (untilMs - this.now());
    if (endMs > this.pauseEndMs) this.pauseEndMs = endMs;
    this.window?.restartPaceAt(this.pauseEndMs);
    // The other processes hear of it through Redis; a failure there shows in their next turn, not here.
    this.shared?.pauseUntil(untilMs).catch(() => undefined);
  }

  /** Queued and running counts, for progress (a request waiting for its turn is running). */
  counts(): { queued: number; running: number } {
    return { queued: this.queue.length, running: this.running };
  }

  /**
   * Drops queued requests and those waiting for their turn (they reject with LimiterStoppedError, as does
   * every later one); requests already sent finish, and the promise resolves once they have.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.wakeMarkWaiters();
    for (const queued of this.queue.splice(0)) queued.drop(new LimiterStoppedError());
    while (this.running > 0) await new Promise<void>((resolve) => this.wakeOnEnd.push(resolve));
  }

  /** Take one of the maxConcurrent places, at once or in turn when one is freed. */
  private enter(): Promise<void> {
    if (this.stopping.signal.aborted) return Promise.reject(new LimiterStoppedError());
    if (this.running < this.maxConcurrent) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((start, drop) => this.queue.push({ start, drop }));
  }

  /** Give the place to the first queued request, or free it. */
  private leave(): void {
    const next = this.queue.shift();
    if (next) next.start();
    else this.running--;
    const waiting = this.wakeOnEnd;
    this.wakeOnEnd = [];
    for (const wake of waiting) wake();
  }

  /** Wait, one request at a time, for the pause, the spacing and the window; then reserve. */
  private takeTurn(): Promise<WindowSlot | undefined> {
    // Waiting behind other requests is waiting too: the pace they lost (a stall) is made up from here.
    const wantedSinceMs = this.clock.now();
    const turn = this.turns.then(() => this.waitForSlot(wantedSinceMs));
    this.turns = turn.catch(() => undefined);
    return turn;
  }

  private async waitForSlot(wantedSinceMs: number): Promise<WindowSlot | undefined> {
    for (;;) {
      if (this.stopping.signal.aborted) throw new LimiterStoppedError();
      const now = this.clock.now();
      if (this.pauseEndMs > now) {
        await this.waitOutPause();
        this.rateHeldMs += this.clock.now() - now;
        continue;
      }
      const window = this.window;
      if (!window) return undefined;
      const waitMs = window.waitMs(now);
      if (waitMs === 0) return window.reserve(now, wantedSinceMs);
      if (waitMs === Infinity) await new Promise<void>((resolve) => this.wakeOnMark.push(resolve));
      else await this.sleep(waitMs);
      this.rateHeldMs += this.clock.now() - now;
    }
  }

  /** Sleep until no pause holds requests (a 429 heard meanwhile may lengthen it), or the limiter stops. */
  private async waitOutPause(): Promise<void> {
    while (this.pauseEndMs > this.clock.now() && !this.stopping.signal.aborted) await this.sleep(this.pauseEndMs - this.clock.now());
  }

  private async sleep(ms: number): Promise<void> {
    await this.clock.sleep(ms, this.stopping.signal).catch(() => undefined);
  }

  private wakeMarkWaiters(): void {
    const waiting = this.wakeOnMark;
    this.wakeOnMark = [];
    for (const wake of waiting) wake();
  }
}
