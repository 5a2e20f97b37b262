import type { Clock } from '../../src/time/clock.js';

/** Lets every promise chain that can run now run (microtasks drain before the next macrotask). */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A Clock that moves only when told. Sleepers wake in order of their due time (then of their
 * sleep calls), each seeing its own due time as now, with every promise chain settled before the next wakes.
 * A sleeper whose signal aborts wakes at once (Clock.sleep's contract).
 */
export class FakeClock implements Clock {
  nowMs: number;
  private timers: { atMs: number; seq: number; wake: () => void }[] = [];
  private seq = 0;

  constructor(startMs = 0) {
    this.nowMs = startMs;
  }

  readonly now = (): number => this.nowMs;

  readonly sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const onAbort = () => {
        this.timers.splice(this.timers.indexOf(timer), 1);
        resolve();
      };
      const timer = {
        atMs: this.nowMs + Math.max(0, ms),
        seq: this.seq++,
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      this.timers.push(timer);
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  /** Sleepers not yet woken. */
  get sleepers(): number {
    return this.timers.length;
  }

  /** Wake every sleeper due by `untilMs`, in order, then stand at `untilMs`. */
  async advanceTo(untilMs: number): Promise<void> {
    for (;;) {
      await settle();
      let next: (typeof this.timers)[number] | undefined;
      for (const t of this.timers)
        if (t.atMs <= untilMs && (!next || t.atMs < next.atMs || (t.atMs === next.atMs && t.seq < next.seq))) next = t;
      if (!next) break;
      this.timers.splice(this.timers.indexOf(next), 1);
      this.nowMs = Math.max(this.nowMs, next.atMs);
      next.wake();
    }
    this.nowMs = Math.max(this.nowMs, untilMs);
  }

  /**
   * An event-loop stall of `ms`: time jumps with nothing running, then every sleeper that fell due wakes,
   * one after the other, all at the end of the stall (the timers that fire late and together).
   */
  async stall(ms: number): Promise<void> {
    this.nowMs += ms;
    await this.advanceTo(this.nowMs);
  }
}
