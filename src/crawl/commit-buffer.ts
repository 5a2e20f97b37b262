import type { Commit } from './frontier-store.js';
import { mergeCommits } from './settle.js';

export interface CommitBufferOptions {
  /** A commit starts as soon as this many records wait. */
  commitEvery: number;
  /** Longest time a record waits before a commit starts anyway. */
  commitIntervalMs: number;
  /** Commits written at once. Default: 1. */
  commitsInFlight?: number;
  /** Writes one commit atomically; throws when nothing of it was written. */
  write: (commit: Commit) => Promise<void>;
  /** After a commit is written, before the next one starts. */
  onWritten: (commit: Commit) => void;
  /** A commit failed: none of its records were written (their tasks stay queued). */
  onFailed: (error: unknown) => void;
  /** Records left the buffer for a commit: there is room for more. */
  onRoom: () => void;
  /** After each commit has ended (written or failed) and left the commits being written. */
  onEnded?: () => void;
  /** Timer. Default: setTimeout; returns a cancel function. */
  setTimer?: (callback: () => void, ms: number) => () => void;
}

const realTimer = (callback: () => void, ms: number) => {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
};

/**
 * Fetched records waiting for their commit. Up to `commitsInFlight` commits are written at once, each
 * taking whatever waits when it starts: a full commit's worth is due at once, fewer after
 * `commitIntervalMs`; a due commit starts as soon as one of those being written ends.
 * A record that queues tasks is due at once: the tasks of the next level are fetched only once its commit has
 * queued them, so such records are committed whenever a writer is free, in batches of what arrived meanwhile
 * (larger the busier Neo4j is). Only the last level's records, which queue nothing, wait for a full commit.
 * Never rejects: a failed commit is reported through `onFailed`.
 */
export class CommitBuffer {
  private pending: Commit[] = [];
  private pendingRawChars = 0;
  /** Waiting records that queue tasks (not of the last level): the next level's fetches wait for their commit. */
  private pendingQueueing = 0;
  private readonly running = new Set<Promise<void>>();
  private cancelTimer: (() => void) | undefined;
  /** A commit of whatever waits is to start as soon as there is room for it. */
  private due = false;
  private readonly setTimer: NonNullable<CommitBufferOptions['setTimer']>;
  private readonly maxRunning: number;

  constructor(private readonly options: CommitBufferOptions) {
    this.setTimer = options.setTimer ?? realTimer;
    this.maxRunning = Math.max(1, options.commitsInFlight ?? 1);
  }

  /** Commits being written now. */
  get writing(): number {
    return this.running.size;
  }

  /** Records waiting for a commit that has not started. */
  get waiting(): number {
    return this.pending.length;
  }

  /** Characters of raw answer text (the records as served) in the records waiting: what their memory is mostly. */
  get waitingRawChars(): number {
    return this.pendingRawChars;
  }

  add(settlement: Commit): void {
    this.pending.push(settlement);
    this.pendingRawChars += rawCharsOf(settlement);
    if (settlement.queue.length > 0) this.pendingQueueing += 1;
    if (this.pending.length >= this.options.commitEvery || this.pendingQueueing > 0) this.startDue();
    else if (!this.cancelTimer) {
      this.cancelTimer = this.setTimer(() => {
        this.cancelTimer = undefined;
        this.startDue();
      }, this.options.commitIntervalMs);
    }
  }

  /** Commit what waits now; resolves when every commit started so far, and this one, has ended. */
  async flush(): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.startDue();
    while (this.running.size > 0) await Promise.all(this.running);
  }

  private startDue(): void {
    this.due = true;
    this.startRoom();
  }

  private startRoom(): void {
    while (this.due && this.pending.length > 0 && this.running.size < this.maxRunning) {
      this.due = false;
      const commit: Promise<void> = this.commitPending().finally(() => {
        this.running.delete(commit);
        if (this.pending.length >= this.options.commitEvery || this.pendingQueueing > 0) this.due = true;
        this.startRoom();
        this.options.onEnded?.();
      });
      this.running.add(commit);
    }
    if (this.pending.length === 0) this.due = false;
  }

  private async commitPending(): Promise<void> {
    const settlements = this.pending;
    this.pending = [];
    this.pendingRawChars = 0;
    this.pendingQueueing = 0;
    // The timer was armed by the first of these records: left running, it would start a commit of the few that
    // arrive next, and a small commit costs Neo4j almost what a full one does. The next record arms its own.
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.options.onRoom();
    try {
      const commit = mergeCommits(settlements);
      await this.options.write(commit);
      this.options.onWritten(commit);
    } catch (error) {
      this.options.onFailed(error);
    }
  }
}

function rawCharsOf(settlement: Commit): number {
  let chars = 0;
  for (const batch of settlement.batches) for (const node of batch.nodes) chars += node.raw?.length ?? 0;
  return chars;
}
