import type { StopReason } from './final-status.js';

/**
 * Whether and why a run is stopping, and the error that stopped it. The first reason holds, except that a
 * failure overrides any other; the first failure's error is the one the run throws. Every stop is told to
 * the listeners, so that whoever waits (for a dispatch slot, for the next commit) looks again.
 */
export class RunStop {
  private stopReason: StopReason | undefined;
  private fatalError: unknown;
  private readonly listeners: (() => void)[] = [];

  /** Undefined while the run goes on. */
  get reason(): StopReason | undefined {
    return this.stopReason;
  }

  /** The error of the first failure; undefined when nothing failed. */
  get fatal(): unknown {
    return this.fatalError;
  }

  stop(reason: StopReason, error?: unknown): void {
    if (reason === 'failed' && this.stopReason !== 'failed') this.fatalError = error;
    if (!this.stopReason || reason === 'failed') this.stopReason = reason;
    for (const listener of this.listeners) listener();
  }

  /** Called on every stop, the repeated ones too. */
  onStop(listener: () => void): void {
    this.listeners.push(listener);
  }
}
