import { describe, expect, it } from 'vitest';
import { DispatchSlots } from '../../src/crawl/dispatch-slots.js';
import { settle } from '../support/fake-clock.js';

describe('DispatchSlots', () => {
  it('counts the time a fetch waited for room in the commit buffer, not the time it waited for a fetch in flight', async () => {
    let nowMs = 0;
    let room = true;
    const slots = new DispatchSlots(
      1,
      () => room,
      () => nowMs,
    );
    expect(await slots.acquire(() => false)).toBe(true);

    // Waiting for the fetch in flight (--rps, the service): not the store's time.
    let second = slots.acquire(() => false);
    nowMs = 1_000;
    room = false;
    slots.release();
    await settle();
    // Now the one in flight is done, and the buffer is full: the store holds the crawl.
    nowMs = 1_500;
    expect(slots.heldForStoreMs).toBe(500);
    room = true;
    slots.wake();
    expect(await second).toBe(true);
    expect(slots.heldForStoreMs).toBe(500);

    // Full from the start this time, for 2 s.
    slots.release();
    room = false;
    second = slots.acquire(() => false);
    await settle();
    nowMs = 3_500;
    room = true;
    slots.wake();
    expect(await second).toBe(true);
    expect(slots.heldForStoreMs).toBe(2_500);
  });

  it('stops counting when the run stops while a fetch waits for room', async () => {
    let nowMs = 0;
    let stopping = false;
    const slots = new DispatchSlots(
      4,
      () => false,
      () => nowMs,
    );
    const waiting = slots.acquire(() => stopping);
    await settle();
    nowMs = 700;
    stopping = true;
    slots.wake();
    expect(await waiting).toBe(false);
    nowMs = 5_000;
    expect(slots.heldForStoreMs).toBe(700);
  });
});
