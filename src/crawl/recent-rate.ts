/**
 * Tasks settled per second over the last `windowMs`, for the progress line's estimate: a crawl's first seconds
 * (Neo4j's first plans, the first level's few records) are far slower than its pace, so a rate over the whole run
 * said "~4m51s left" for a crawl that ended 17 s after it started. Pure: fed (time, count) samples.
 */
export class RecentRate {
  private readonly samples: { atMs: number; count: number }[] = [];

  /**
   * @param windowMs How far back the rate looks. Default: 10,000.
   * @param minSpanMs Below this much time between the oldest and newest sample there is no rate yet. Default: 3,000.
   */
  constructor(
    private readonly windowMs = 10_000,
    private readonly minSpanMs = 3_000,
  ) {}

  /** The running total of tasks settled at `atMs` (monotonic, e.g. elapsed ms). */
  add(atMs: number, count: number): void {
    this.samples.push({ atMs, count });
    while (this.samples.length > 2 && this.samples[1]!.atMs <= atMs - this.windowMs) this.samples.shift();
  }

  /** Tasks per second over the window, or undefined while the samples span less than minSpanMs. */
  perSecond(): number | undefined {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.atMs - first.atMs < this.minSpanMs) return undefined;
    return ((last.count - first.count) * 1000) / (last.atMs - first.atMs);
  }
}
