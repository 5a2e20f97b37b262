/**
 * The one owner of the crawl's concurrency: how many fetches are on their way, and whether a new one
 * may start (fewer than `maxInFlight` in flight and room for its record in the commit buffer).
 */
export class DispatchSlots {
  private inFlightCount = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(
    private readonly maxInFlight: number,
    private readonly hasRoom: () => boolean,
  ) {}

  get inFlight(): number {
    return this.inFlightCount;
  }

  /** Resolves true when a fetch may start (and counts it), false when `stopping()` became true first. */
  async acquire(stopping: () => boolean): Promise<boolean> {
    while (this.inFlightCount >= this.maxInFlight || !this.hasRoom()) {
      if (stopping()) return false;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    if (stopping()) return false;
    this.inFlightCount += 1;
    return true;
  }

  release(): void {
    this.inFlightCount -= 1;
    this.wake();
  }

  /** Let waiters look again (room was made, or the run is stopping). */
  wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves when nothing is in flight. */
  async idle(): Promise<void> {
    while (this.inFlightCount > 0) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
}
