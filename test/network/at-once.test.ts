import { describe, expect, it } from 'vitest';
import { eachAtOnce } from '../../src/network/at-once.js';

/** A piece of work that ends when the test says so: what runs at once is then up to the test, not to timers. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { done, open, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('eachAtOnce', () => {
  it('runs every index once, never more than atOnce at a time, the next as one ends', async () => {
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const run = eachAtOnce(5, 2, (i) => {
      started.push(i);
      return gates[i]!.done;
    });
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    await run;
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('starts no more after a failure, waits for those running, and rethrows the first failure', async () => {
    const gates = Array.from({ length: 6 }, gate);
    const started: number[] = [];
    let ended = 0;
    const run = eachAtOnce(6, 2, async (i) => {
      started.push(i);
      await gates[i]!.done;
      ended++;
    }).catch((error: unknown) => error);
    await settle();
    gates[0]!.fail(new Error('first'));
    await settle();
    expect(started).toEqual([0, 1]);
    let finished = false;
    void run.then(() => {
      finished = true;
    });
    await settle();
    // The failure is not reported while index 1 still runs.
    expect(finished).toBe(false);
    gates[1]!.open();
    expect(((await run) as Error).message).toBe('first');
    expect(started).toEqual([0, 1]);
    expect(ended).toBe(1);
  });

  it('nothing to do: resolves at once; fewer items than atOnce: one worker each', async () => {
    await expect(eachAtOnce(0, 2, () => Promise.reject(new Error('never called')))).resolves.toBeUndefined();
    const started: number[] = [];
    await eachAtOnce(1, 3, async (i) => {
      started.push(i);
    });
    expect(started).toEqual([0]);
  });
});
