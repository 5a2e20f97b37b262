/**
 * The one owner of the crawl's concurrency: how many fetches are on their way, and whether a new one
 * may start (fewer than `maxInFlight` in flight and room for its record in the commit buffer).
 */
export class DispatchSlots {
  private inFlightCount = 0;
  private readonly waiters: (() => void)[] = [];
  private heldMs = 0;
  private heldSince: number | undefined;

  constructor(
    private readonly maxInFlight: number,
    private readonly hasRoom: () => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  get inFlight(): number {
    return this.inFlightCount;
  }

  /**
   * How long fetches have waited for room in the commit buffer, in all: the time the crawl was bound by its
   * store (not by --rps, the service or its concurrency, which hold fetches in flight instead).
   */
  get heldForStoreMs(): number {
    return this.heldMs + (this.heldSince === undefined ? 0 : this.now() - this.heldSince);
  }

  /** Resolves true when a fetch may start (and counts it), false when `stopping()` became true first. */
  async acquire(stopping: () => boolean): Promise<boolean> {
    try {
      while (this.inFlightCount >= this.maxInFlight || !this.hasRoom()) {
        if (stopping()) return false;
        this.heldByStore(this.inFlightCount < this.maxInFlight);
        await new Promise<void>((resolve) => this.waiters.push(resolve));
      }
    } finally {
      this.heldByStore(false);
    }
    if (stopping()) return false;
    this.inFlightCount += 1;
    return true;
  }

  private heldByStore(held: boolean): void {
    if (held) this.heldSince ??= this.now();
    else if (this.heldSince !== undefined) {
      this.heldMs += this.now() - this.heldSince;
      this.heldSince = undefined;
    }
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
