import Bottleneck from 'bottleneck';

export interface RequestLimiterOptions {
  /** Most requests started in any one-second window. Default: 10. `Infinity` for no limit. */
  requestsPerSecond?: number;
  /** Most requests in flight at once. Default: 8. */
  maxConcurrent?: number;
  /** Clock, for the Retry-After pause. Default: Date.now. */
  now?: () => number;
}

/** Any window this long holds at most R request starts: one second plus a margin for what follows a start. */
const WINDOW_MS = 1_025;

/**
 * Throttling shared by every request of a client (bottleneck). Requests are spaced by at least
 * 1000/requestsPerSecond ms (plus 2 % for timer jitter), and no window of 1,025 ms holds more than
 * `requestsPerSecond` starts as they really happened, so no one-second window at the server does either.
 * `pauseUntil` (a 429's Retry-After) holds back every request, queued or about to start, not only the
 * one that got the 429.
 */

export class RequestLimiter {
  readonly requestsPerSecond: number;
  readonly maxConcurrent: number;
  private readonly bottleneck: Bottleneck;
  private readonly now: () => number;
  private pausedUntilMs = 0;
  private resumeTimer: NodeJS.Timeout | undefined;
  /** Monotonic times (performance.now) at which the last `perWindow` requests really started. */
  private readonly recentStartsMs: number[] = [];
  private readonly perWindow: number;

  constructor(options: RequestLimiterOptions = {}) {
    this.requestsPerSecond = options.requestsPerSecond ?? 10;
    this.maxConcurrent = options.maxConcurrent ?? 8;
    this.now = options.now ?? Date.now;
    // Not rounded up: ceil(10.2) = 11 ms would cap --rps 100 at 90.9/s.
    const minTime = Number.isFinite(this.requestsPerSecond) ? (1000 / this.requestsPerSecond) * 1.02 : 0;
    this.bottleneck = new Bottleneck({ maxConcurrent: this.maxConcurrent, minTime });
    this.perWindow = Number.isFinite(this.requestsPerSecond) ? Math.max(1, Math.floor(this.requestsPerSecond)) : Infinity;
  }

  /**
   * bottleneck spaces the moments it releases jobs, but a job whose timer fires late (a busy event loop)
   * starts closer to the next one than the spacing says, and the server then sees more than R in a
   * second. So each start also waits until no more than R starts, measured when they really happened,
   * fall in any window of WINDOW_MS.
   */
  private async keepWindow(): Promise<void> {
    if (this.perWindow === Infinity) return;
    for (;;) {
      const now = performance.now();
      const oldest =
        this.recentStartsMs.length >= this.perWindow ? this.recentStartsMs[this.recentStartsMs.length - this.perWindow]! : -Infinity;
      const waitMs = oldest + WINDOW_MS - now;
      if (waitMs <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
    this.recentStartsMs.push(performance.now());
    if (this.recentStartsMs.length > this.perWindow) this.recentStartsMs.shift();
  }

  /** The time until which no request may start (0 when not paused). */
  get pausedUntil(): number {
    return this.pausedUntilMs > this.now() ? this.pausedUntilMs : 0;
  }

  /**
   * Run `send` when the rate, the concurrency and any pause allow. `send` is called only while no
   * pause is in force: a job that bottleneck releases during a pause goes back to the queue.
   */
  async schedule<T>(send: () => Promise<T>): Promise<T> {
    for (;;) {
      const outcome = await this.bottleneck.schedule(async () => {
        if (this.pausedUntil > 0) return { sent: false as const };
        await this.keepWindow();
        if (this.pausedUntil > 0) return { sent: false as const };
        return { sent: true as const, value: await send() };
      });
      if (outcome.sent) return outcome.value;
      await this.waitForResume();
    }
  }

  /** Hold every request until `untilMs` (epoch ms); a later call may extend the pause, never shorten it. */
  pauseUntil(untilMs: number): void {
    if (untilMs <= this.pausedUntilMs) return;
    this.pausedUntilMs = untilMs;
    void this.bottleneck.updateSettings({ reservoir: 0 });
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = setTimeout(() => this.resume(), Math.max(0, untilMs - this.now()));
  }

  private resume(): void {
    const left = this.pausedUntilMs - this.now();
    if (left > 0) {
      this.resumeTimer = setTimeout(() => this.resume(), left);
      return;
    }
    this.resumeTimer = undefined;
    void this.bottleneck.updateSettings({ reservoir: null });
  }

  private async waitForResume(): Promise<void> {
    const left = this.pausedUntil - this.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }

  /** Queued and running counts, for progress. */
  counts(): { queued: number; running: number } {
    const c = this.bottleneck.counts();
    return { queued: c.QUEUED + c.RECEIVED, running: c.RUNNING + c.EXECUTING };
  }

  async stop(): Promise<void> {
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    await this.bottleneck.stop({ dropWaitingJobs: true }).catch(() => undefined);
  }
}
