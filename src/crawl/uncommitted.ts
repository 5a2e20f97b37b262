/**
 * The tasks a crawl has dispatched and not yet committed (in flight, waiting for a commit, or being
 * written). The frontier in Neo4j still shows them queued, so the dispatcher must skip them, and a level
 * is finished only when none of its tasks is left here.
 */
export class UncommittedTasks {
  /** uid -> depth */
  private readonly tasks = new Map<string, number>();
  /** Committed since the frontier page being dispatched was read: that page still shows them queued. */
  private readonly sincePage = new Set<string>();

  dispatched(task: { uid: string; depth: number }): void {
    this.tasks.set(task.uid, task.depth);
  }

  committed(uids: Iterable<string>): void {
    for (const uid of uids) {
      this.tasks.delete(uid);
      this.sincePage.add(uid);
    }
  }

  /** Call before reading a frontier page, and when done with the last one (the list stays small). */
  forgetPage(): void {
    this.sincePage.clear();
  }

  /** Whether a task listed in the current page is already dispatched (or done since the page was read). */
  taken(uid: string): boolean {
    return this.tasks.has(uid) || this.sincePage.has(uid);
  }

  /** Whether any task at `depth` or nearer the seeds is still to be committed. */
  anyUpTo(depth: number): boolean {
    for (const taskDepth of this.tasks.values()) if (taskDepth <= depth) return true;
    return false;
  }
}
