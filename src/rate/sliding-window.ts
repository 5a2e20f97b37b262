/** One reserved request. Pending until it is marked sent; then it counts at the time it left. */
export interface WindowSlot {
  /** When the slot was reserved (ms on the caller's clock). */
  readonly reservedAtMs: number;
  /** When the request left (ms on the caller's clock); undefined while pending. */
  readonly sentAtMs: number | undefined;
}

interface MutableSlot {
  reservedAtMs: number;
  sentAtMs: number | undefined;
}

export interface SlidingWindowOptions {
  /** Most departures in any window of `windowMs` (a positive whole number). */
  limit: number;
  /** Length of the window in ms. */
  windowMs: number;
  /**
   * Pace of reservations in ms, to spread requests over the window: each is due spacingMs after the one
   * before was due. Default: windowMs / limit.
   */
  spacingMs?: number;
  /**
   * How far behind its pace the window may fall and still make it up, at twice the pace (never two
   * reservations closer than spacingMs / 2): a stall of the caller's event loop or a late turn shorter than
   * this costs no requests. Longer, and only this much is made up; the window's bound holds either way.
   * Default: spacingMs / 2.
   */
  catchUpMs?: number;
}

/**
 * The timing policy of the request limiter, with no clock of its own: every call says what time it is
 * (any monotonic clock in ms). Guarantee: no half-open interval of `windowMs` holds more than `limit`
 * departures as marked, as long as every reservation waits until `waitMs` is 0 and every slot is marked
 * with a time no earlier than the request really left (and no later than the mark is made).
 *
 * Why it holds: a reservation at `now` counts the departures marked in (now - windowMs, now] and every
 * slot still pending (it may leave at any moment from now on). Take any window and, among the requests
 * that left inside it, the one reserved last: when it was reserved, every other one had been reserved
 * already, so each was either pending or had left inside (now - windowMs, now], and all of them were
 * counted, so the window holds at most `limit`.
 */
export class SlidingWindow {
  readonly limit: number;
  readonly windowMs: number;
  readonly spacingMs: number;
  /** Departure times that may still be in a window, ascending. */
  private readonly sentMs: number[] = [];
  private readonly pending = new Set<MutableSlot>();
  readonly catchUpMs: number;
  /**
   * When the next reservation is due by the spacing (a theoretical time, as in GCRA): it moves on by
   * spacingMs from the time it was due, not from when the late timer of the previous one fired, so timer
   * lateness does not pile up and lower the rate (at --rps 100, 1 ms late per 10.25 ms slot was 9 %).
   */
  private dueMs = -Infinity;
  private lastReservedMs = -Infinity;
  /** No debt to make up from before this time (the end of a pause: what follows it starts at the pace). */
  private freshFromMs = -Infinity;

  constructor(options: SlidingWindowOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1)
      throw new RangeError(`limit must be a whole number >= 1, got ${options.limit}`);
    if (!(options.windowMs > 0)) throw new RangeError(`windowMs must be > 0, got ${options.windowMs}`);
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.spacingMs = options.spacingMs ?? options.windowMs / options.limit;
    this.catchUpMs = Math.max(0, options.catchUpMs ?? this.spacingMs / 2);
  }

  /**
   * Ms from `nowMs` until a reservation is allowed: 0 now; Infinity when only pending slots fill the
   * window (ask again after the next markSent or finish).
   */
  waitMs(nowMs: number): number {
    this.forget(nowMs);
    const spacing = Math.max(this.dueMs, this.lastReservedMs + this.spacingMs / 2) - nowMs;
    // How many of the counted departures must leave the window first (pending ones never do by themselves).
    const over = this.pending.size + this.sentMs.length + 1 - this.limit;
    let window = 0;
    if (over > 0) window = over <= this.sentMs.length ? this.sentMs[over - 1]! + this.windowMs - nowMs : Infinity;
    return Math.max(0, spacing, window);
  }

  /**
   * Reserve a slot at `nowMs`; only when waitMs(nowMs) is 0 (a RangeError otherwise). `wantedSinceMs`: when
   * the request began to wait for its turn; the time it waited past its due time (a stall) is made up, up to
   * catchUpMs, but never time when nothing was waiting (idle). Default: nowMs.
   */
  reserve(nowMs: number, wantedSinceMs = nowMs): WindowSlot {
    const wait = this.waitMs(nowMs);
    if (wait > 0) throw new RangeError(`no slot free at ${nowMs} ms: wait ${wait} ms`);
    const slot: MutableSlot = { reservedAtMs: nowMs, sentAtMs: undefined };
    this.pending.add(slot);
    // Behind the pace while waiting (a stall, a late timer), the next ones are due at once and leave
    // spacingMs / 2 apart until up to catchUpMs of it is made up; idle time is never made up.
    const behindFromMs = Math.max(nowMs - this.catchUpMs, Math.min(nowMs, wantedSinceMs));
    this.dueMs = Math.max(this.dueMs, behindFromMs, this.freshFromMs) + this.spacingMs;
    this.lastReservedMs = nowMs;
    return slot;
  }

  /** Nothing is made up from before `atMs` (the end of a pause): the first reservation after it starts the pace. */
  restartPaceAt(atMs: number): void {
    this.freshFromMs = Math.max(this.freshFromMs, atMs);
  }

  /**
   * The slot's request left at `atMs`. The first mark moves the slot from pending to that time; a later
   * mark of the same slot (the request sent again) adds one more departure.
   */
  markSent(slot: WindowSlot, atMs: number): void {
    const mutable = slot as MutableSlot;
    if (this.pending.delete(mutable)) mutable.sentAtMs = atMs;
    let i = this.sentMs.length;
    while (i > 0 && this.sentMs[i - 1]! > atMs) i--;
    this.sentMs.splice(i, 0, atMs);
  }

  /**
   * The slot's request is over (answered or failed) at `atMs`. A slot still pending counts as sent then:
   * a request cannot leave after it is over, so that time is no earlier than its real departure (if it left at
   * all) and the window stays safe even when the departure was not seen.
   * Returns true when it was still pending.
   */
  finish(slot: WindowSlot, atMs: number): boolean {
    if (!this.pending.has(slot as MutableSlot)) return false;
    this.markSent(slot, atMs);
    return true;
  }

  /** Slots reserved and not yet marked sent. */
  get pendingCount(): number {
    return this.pending.size;
  }

  private forget(nowMs: number): void {
    let drop = 0;
    while (drop < this.sentMs.length && this.sentMs[drop]! + this.windowMs <= nowMs) drop++;
    if (drop > 0) this.sentMs.splice(0, drop);
  }
}
