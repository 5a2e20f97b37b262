import type { Commit } from './frontier-store.js';
import { mergeSettlements, type Settlement } from './settle.js';

export interface CommitBufferOptions {
  /** A commit starts as soon as this many records wait. */
  commitEvery: number;
  /** Longest time a record waits before a commit starts anyway. */
  commitIntervalMs: number;
  /** Writes one commit atomically; throws when nothing of it was written. */
  write: (commit: Commit) => Promise<void>;
  /** After a commit is written, before the next one starts. */
  onWritten: (commit: Commit) => void;
  /** A commit failed: none of its records were written (their tasks stay queued). */
  onFailed: (error: unknown) => void;
  /** Records left the buffer for a commit: there is room for more. */
  onRoom: () => void;
  /** Timer. Default: setTimeout; returns a cancel function. */
  setTimer?: (callback: () => void, ms: number) => () => void;
}

const realTimer = (callback: () => void, ms: number) => {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
};

/**
 * Fetched records waiting for their commit. Commits run one after another, each taking whatever waits
 * when it starts: a full commit's worth starts one at once, fewer start after `commitIntervalMs`.
 * Never rejects: a failed commit is reported through `onFailed`.
 */
export class CommitBuffer {
  private pending: Settlement[] = [];
  private pendingRawChars = 0;
  private chain: Promise<void> = Promise.resolve();
  private cancelTimer: (() => void) | undefined;
  /** A commit is chained that has not started yet: it will take whatever waits, no need for another. */
  private scheduled = false;
  private readonly setTimer: NonNullable<CommitBufferOptions['setTimer']>;

  constructor(private readonly options: CommitBufferOptions) {
    this.setTimer = options.setTimer ?? realTimer;
  }

  /** Records waiting for a commit that has not started. */
  get waiting(): number {
    return this.pending.length;
  }

  /** Characters of raw answer text (the records as served) in the records waiting: what their memory is mostly. */
  get waitingRawChars(): number {
    return this.pendingRawChars;
  }

  add(settlement: Settlement): void {
    this.pending.push(settlement);
    this.pendingRawChars += rawCharsOf(settlement);
    if (this.pending.length >= this.options.commitEvery) void this.schedule();
    else if (!this.cancelTimer) {
      this.cancelTimer = this.setTimer(() => {
        this.cancelTimer = undefined;
        void this.schedule();
      }, this.options.commitIntervalMs);
    }
  }

  /** Commit what waits now; resolves when every commit started so far has ended. */
  flush(): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    return this.schedule();
  }

  private schedule(): Promise<void> {
    if (this.scheduled) return this.chain;
    this.scheduled = true;
    this.chain = this.chain.then(() => {
      this.scheduled = false;
      return this.commitPending();
    });
    return this.chain;
  }

  private async commitPending(): Promise<void> {
    if (this.pending.length === 0) return;
    const settlements = this.pending;
    this.pending = [];
    this.pendingRawChars = 0;
    this.options.onRoom();
    try {
      const commit = mergeSettlements(settlements);
      await this.options.write(commit);
      this.options.onWritten(commit);
    } catch (error) {
      this.options.onFailed(error);
    }
  }
}

function rawCharsOf(settlement: Settlement): number {
  let chars = 0;
  for (const batch of settlement.batches) for (const node of batch.nodes) chars += node.raw?.length ?? 0;
  return chars;
}
