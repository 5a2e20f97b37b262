import { describe, expect, it } from 'vitest';
import { LandingGraphError } from '../../src/errors.js';
import { jobIdOf } from '../../src/queue/names.js';
import { RemoteFetch } from '../../src/queue/remote-fetch.js';
import { FakeClock, settle } from '../support/fake-clock.js';
import { MemoryTaskQueue } from './memory-task-queue.js';

const ref = { kind: 'company', id: 42 } as const;
const JOB = jobIdOf('crawl-1', ref);
const answer = { ok: true, text: '{"id":42}', attempts: 1 };

function setup(maxOutageMs = 60_000) {
  const clock = new FakeClock();
  const memory = new MemoryTaskQueue();
  const remote = new RemoteFetch(memory.queue, memory.events, {
    redisUrl: 'redis://:s3cret@127.0.0.1:6379',
    serviceId: 'svc',
    checkEveryMs: 2_000,
    maxOutageMs,
    clock,
  });
  return { clock, memory, remote };
}

describe('RemoteFetch on fake time, over an in-memory queue', () => {
  it('queues one task and hands over the answer its event brings', async () => {
    const { memory, remote } = setup();
    const fetched = remote.fetch(ref, 'crawl-1');
    await settle();
    expect(memory.jobs.get(JOB)?.data).toEqual({ crawlId: 'crawl-1', ref });
    memory.complete(JOB, answer);
    await expect(fetched).resolves.toEqual({ ref, text: '{"id":42}', attempts: 1 });
    expect(memory.jobs.has(JOB)).toBe(false); // removed once the crawl has it
    await remote.close();
  });

  it('takes an answer whose event was missed at the next look-up, every checkEveryMs', async () => {
    const { clock, memory, remote } = setup();
    let got: unknown;
    void remote.fetch(ref, 'crawl-1').then((r) => {
      got = r;
    });
    await settle();
    memory.complete(JOB, answer, false);
    await clock.advanceTo(1_999);
    expect(got).toBeUndefined();
    await clock.advanceTo(2_000);
    expect(got).toEqual({ ref, text: '{"id":42}', attempts: 1 });
    await remote.close();
  });

  it('queues again a task that Redis lost (restarted empty), once', async () => {
    const { clock, memory, remote } = setup();
    const fetched = remote.fetch(ref, 'crawl-1');
    await settle();
    memory.flush();
    await clock.advanceTo(2_000);
    expect(memory.adds).toBe(2);
    expect(remote.snapshot.requeued).toBe(1);
    memory.complete(JOB, answer);
    await expect(fetched).resolves.toMatchObject({ text: '{"id":42}' });
    await remote.close();
  });

  it('waits for a Redis that went away, and queues the task once it is back', async () => {
    const { clock, memory, remote } = setup();
    memory.down = true;
    const fetched = remote.fetch(ref, 'crawl-1');
    await clock.advanceTo(30_000);
    expect(memory.adds).toBe(0);
    memory.down = false;
    await clock.advanceTo(32_000);
    expect(memory.adds).toBe(1);
    memory.complete(JOB, answer);
    await expect(fetched).resolves.toMatchObject({ text: '{"id":42}' });
    await remote.close();
  });

  it('fails the waiting tasks with REDIS_UNREACHABLE once Redis has been away past maxOutageMs, without its password', async () => {
    const { clock, memory, remote } = setup(10_000);
    const fetched = remote.fetch(ref, 'crawl-1').catch((e: unknown) => e);
    await settle();
    memory.down = true;
    await clock.advanceTo(12_000); // away from the look-up at 2 s: 10 s at 12 s, not past the limit
    let error: unknown;
    void fetched.then((e) => {
      error = e;
    });
    await settle();
    expect(error).toBeUndefined();
    await clock.advanceTo(14_000);
    await settle();
    expect(error).toBeInstanceOf(LandingGraphError);
    expect(error).toMatchObject({ code: 'REDIS_UNREACHABLE' });
    expect((error as Error).message).not.toContain('s3cret');
    await remote.close();
  });
});
