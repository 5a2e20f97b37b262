import { describe, expect, it } from 'vitest';
import { workerNotices } from '../../src/app/worker-notices.js';

function notices() {
  const lines: string[] = [];
  let nowMs = 0;
  const notes = workerNotices(
    'worker 42',
    (line) => lines.push(line),
    () => nowMs,
  );
  return { lines, notes, advance: (ms: number) => (nowMs += ms) };
}

describe('workerNotices', () => {
  it('says once that leases were lost, and again a minute later with how often it happened meanwhile', () => {
    const { lines, notes, advance } = notices();
    notes.onLeaseLost(['a', 'b']);
    advance(1_000);
    notes.onLeaseLost(['a', 'b']);
    notes.onLeaseLost(['a', 'b']);
    expect(lines).toEqual([
      'worker 42: could not renew the lease of 2 tasks (Redis away or too slow?): another worker redoes them once the lease lapses',
    ]);
    advance(60_000);
    notes.onLeaseLost(['a', 'b']);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/lease lapses \(2 more since it was last shown\)$/);
    // Another count of tasks is the same notice: quiet until the minute is over.
    notes.onLeaseLost(['c']);
    expect(lines).toHaveLength(2);
    advance(60_000);
    notes.onLeaseLost(['c']);
    expect(lines[2]).toBe(
      'worker 42: could not renew the lease of a task (Redis away or too slow?): another worker redoes them once the lease lapses (1 more since it was last shown)',
    );
  });

  it("leaves BullMQ's per-task error of a lease it could not renew to the lease notice", () => {
    const { lines, notes } = notices();
    notes.onError(new Error('could not renew lock for job c1.company%2312'));
    notes.onError(new Error('could not renew lock for job c1.domain%235'));
    expect(lines).toEqual([]);
  });

  it("says in one line that an answer came too late, whichever task it was (BullMQ's Missing lock)", () => {
    const { lines, notes } = notices();
    notes.onError(new Error('Missing lock for job c1.company%2312. moveToFinished'));
    notes.onError(new Error('Missing lock for job c1.domain%235. moveToFinished'));
    expect(lines).toEqual([
      'worker 42: an answer came after its task had been leased to another worker (the lease lapsed); it was dropped, the other worker answers',
    ]);
  });

  it('prints Redis errors terminal-safe: a job id holds a key from the service', () => {
    const { lines, notes } = notices();
    notes.onError(new Error('connect ECONNREFUSED 127.0.0.1:6390'));
    notes.onError(new Error('job \u001b[2J\u202Eevil\nline'));
    expect(lines).toEqual([
      'worker 42: Redis: connect ECONNREFUSED 127.0.0.1:6390',
      'worker 42: Redis: job \\u001B[2J\\u202Eevil\\u000Aline',
    ]);
  });
});
