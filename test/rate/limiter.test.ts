import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/random.js';
import { LimiterStoppedError, RequestLimiter } from '../../src/rate/limiter.js';
import { busiestWindow } from '../../src/sandbox/stats.js';
import { FakeClock, settle } from '../support/fake-clock.js';

const EPOCH = Date.UTC(2026, 0, 1);

interface Simulation {
  rps: number;
  jobs: number;
  /** ms from the reservation to the departure (dispatch to the pool, connect), per job. */
  lagMs: (job: number) => number;
  /** ms from the departure to the end of the request. */
  responseMs?: number;
  /** Things that happen at given times: stalls, 429 pauses. */
  events?: { atMs: number; run: (limiter: RequestLimiter, clock: FakeClock) => Promise<void> | void }[];
  /** Mark departures by hand (true) or leave them unseen (false). Default true. */
  markDepartures?: boolean;
  /** The limiter's marginMs. Default: the limiter's (25). */
  marginMs?: number;
}

/**
 * The limiter on a fake clock, with no real time in it. Every job is let in at once (maxConcurrent = jobs),
 * then simulated time runs: each job waits for its turn, leaves `lagMs` later, ends `responseMs` after
 * that. Returns the departure and the `send` times.
 */
async function simulate(s: Simulation): Promise<{ departures: number[]; sends: number[]; limiter: RequestLimiter }> {
  const clock = new FakeClock();
  const limiter = new RequestLimiter({
    requestsPerSecond: s.rps,
    maxConcurrent: s.jobs,
    marginMs: s.marginMs,
    clock,
    now: () => EPOCH + clock.now(),
  });
  const departures: number[] = [];
  const sends: number[] = [];
  /** Jobs over in simulated time. */
  let ended = 0;
  const scheduled: Promise<void>[] = [];
  for (let job = 0; job < s.jobs; job++) {
    scheduled.push(
      limiter.schedule(async (departure) => {
        sends.push(clock.now());
        const lag = s.lagMs(job);
        if (lag > 0) await clock.sleep(lag);
        if (s.markDepartures !== false) {
          departures.push(clock.now());
          departure.sent();
        }
        await clock.sleep(s.responseMs ?? 50);
        ended++;
      }),
    );
  }
  await settle();
  expect(limiter.counts()).toEqual({ queued: 0, running: s.jobs });
  for (const event of [...(s.events ?? [])].sort((a, b) => a.atMs - b.atMs)) {
    await clock.advanceTo(event.atMs);
    await event.run(limiter, clock);
  }
  while (ended < s.jobs) {
    if (clock.now() > 3_600_000) throw new Error(`simulation stuck: ${s.jobs - ended} jobs left after an hour of simulated time`);
    await clock.advanceTo(clock.now() + 1000);
  }
  await Promise.all(scheduled);
  await limiter.stop();
  return { departures, sends, limiter };
}

/** Departures within `ms` after `fromMs` (inclusive). */
const within = (times: number[], fromMs: number, ms: number) => times.filter((t) => t >= fromMs && t <= fromMs + ms).length;

/**
 * When a service that stops reading for `ms` from `atMs` (a GC pause, a process waiting for a core) reads
 * each request: whatever left during a stall is read at its end, all at once.
 */
function readAt(departures: number[], stalls: { atMs: number; ms: number }[]): number[] {
  return departures.map((t) => {
    const stall = stalls.find((s) => t >= s.atMs && t < s.atMs + s.ms);
    return stall ? stall.atMs + stall.ms : t;
  });
}

describe('RequestLimiter on an injected clock', () => {
  it.each([20, 50, 100])('keeps every sliding second at the departures within --rps %i through 200 ms event-loop stalls', async (rps) => {
    const random = mulberry32(rps);
    // 150 to 200 ms between the reservation and the write: requests reserved just before a stall are still
    // on their way when it begins, and all leave together when it ends.
    const lags = Array.from({ length: rps * 8 }, () => 150 + random() * 50);
    const stalls = [
      { atMs: 2000.5, ms: 200 },
      { atMs: 4500.3, ms: 209 },
    ];
    const { departures } = await simulate({
      rps,
      jobs: lags.length,
      lagMs: (job) => lags[job]!,
      events: stalls.map((s) => ({ atMs: s.atMs, run: (_l, clock) => clock.stall(s.ms) })),
    });
    expect(departures).toHaveLength(lags.length);
    // The stalls did bunch departures: two or more left within 1.5 ms of each stall's end, three or more after one.
    const bunches = stalls.map((s) => within(departures, s.atMs + s.ms, 1.5));
    expect(Math.min(...bunches)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...bunches)).toBeGreaterThanOrEqual(3);
    expect(busiestWindow(departures, 1000)).toBeLessThanOrEqual(rps);
  });

  it.each([20, 50, 100])('uses at least 95 %% of --rps %i over a long run without stalls', async (rps) => {
    const random = mulberry32(1000 + rps);
    const jobs = rps * 22;
    const lags = Array.from({ length: jobs }, () => random() * 2);
    const { departures } = await simulate({ rps, jobs, lagMs: (job) => lags[job]! });
    expect(departures).toHaveLength(jobs);
    // 20 s in the middle of the run, all of it busy (the run lasts about 22 / 0.976 = 22.5 s).
    const inRun = departures.filter((t) => t >= 1000 && t < 21_000).length;
    expect(inRun / 20).toBeGreaterThanOrEqual(0.95 * rps);
    expect(busiestWindow(departures, 1000)).toBeLessThanOrEqual(rps);
  });

  it.each([
    { rps: 50, stallMs: 30, everyMs: 250 },
    { rps: 100, stallMs: 30, everyMs: 250 },
    // A large commit being packed. With catchUpMs 100 each of these stalls costs 50 ms of pace: 0.976 x 0.95 =
    // 0.927 of the limit at best.
    { rps: 100, stallMs: 150, everyMs: 1000 },
    { rps: 200, stallMs: 150, everyMs: 1000 },
  ])(
    'makes up event-loop stalls: >= 95 %% of --rps $rps with a $stallMs ms stall every $everyMs ms, no window over it',
    async ({ rps, stallMs, everyMs }) => {
      const jobs = rps * 12;
      const stalls = Array.from({ length: Math.floor(11_000 / everyMs) }, (_, i) => ({ atMs: everyMs * (i + 1) + 0.3, ms: stallMs }));
      const { departures } = await simulate({
        rps,
        jobs,
        lagMs: () => 1,
        events: stalls.map((s) => ({ atMs: s.atMs, run: (_l, clock) => clock.stall(s.ms) })),
      });
      expect(departures).toHaveLength(jobs);
      // 10 s in the middle of the run, stalled 12-15 % of the time; with catchUpMs 0 each stall costs its length
      // (measured: 0.88 of the limit at 50 and 100 with the short stalls).
      const inRun = departures.filter((t) => t >= 500 && t < 10_500).length;
      expect(inRun / 10).toBeGreaterThanOrEqual(0.95 * rps);
      expect(busiestWindow(departures, 1000)).toBeLessThanOrEqual(rps);
    },
  );

  it.each([20, 100])('sends nothing during a 429 pause and does not burst after it (--rps %i)', async (rps) => {
    const pauseAtMs = 1500.2;
    const pauseMs = 1000;
    const { departures } = await simulate({
      rps,
      jobs: rps * 4,
      lagMs: () => 0,
      events: [
        {
          atMs: pauseAtMs,
          run: (limiter) => {
            limiter.pauseUntil(EPOCH + pauseAtMs + pauseMs);
            expect(limiter.pausedUntil).toBe(EPOCH + pauseAtMs + pauseMs);
            limiter.pauseUntil(EPOCH + pauseAtMs + 10); // a shorter pause never shortens it
          },
        },
      ],
    });
    const endMs = pauseAtMs + pauseMs;
    expect(departures.filter((t) => t > pauseAtMs && t < endMs)).toEqual([]);
    expect(departures.some((t) => t <= pauseAtMs)).toBe(true);
    const after = departures.filter((t) => t >= endMs);
    expect(after[0]).toBe(endMs);
    // No sliding second over the limit, across the pause or right after it; requests after it stay spaced.
    expect(busiestWindow(departures, 1000)).toBeLessThanOrEqual(rps);
    expect(busiestWindow([...departures.filter((t) => t <= pauseAtMs), ...after.slice(0, rps + 1)], 1000)).toBeLessThanOrEqual(rps);
    expect(within(departures, endMs, 999.999)).toBeLessThanOrEqual(rps);
    const gaps = after.slice(1).map((t, i) => t - after[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1025 / rps - 1e-9);
  });

  describe('a service that reads requests up to 45 ms late (a stall of 45 ms every 1.7 s, --rps 100)', () => {
    const rps = 100;
    const stalls = Array.from({ length: 12 }, (_, i) => ({ atMs: 1700 * (i + 1) + 0.4, ms: 45 }));
    const run = (marginMs?: number) => simulate({ rps, jobs: rps * 22, lagMs: () => 0.5, marginMs });

    it('sees more than --rps in some second with the default 25 ms margin (what --rate-margin-ms is for)', async () => {
      const { departures } = await run();
      expect(busiestWindow(departures, 1025)).toBeLessThanOrEqual(rps);
      expect(busiestWindow(readAt(departures, stalls), 1000)).toBeGreaterThan(rps);
    });

    it('sees at most --rps in any second with marginMs 50, at 1000 / 1050 of the rate', async () => {
      const { departures } = await run(50);
      expect(busiestWindow(readAt(departures, stalls), 1000)).toBeLessThanOrEqual(rps);
      const inRun = departures.filter((t) => t >= 1000 && t < 21_000).length / 20;
      expect(inRun).toBeLessThanOrEqual((rps * 1000) / 1050 + 0.05);
      expect(inRun).toBeGreaterThanOrEqual(0.99 * ((rps * 1000) / 1050));
    });
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses marginMs %s with CONFIG_INVALID', (marginMs) => {
    expect(() => new RequestLimiter({ requestsPerSecond: 10, marginMs })).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringContaining('rate margin') }),
    );
  });

  it('runs at most maxConcurrent requests at once; the others start in the order they came as places free', async () => {
    const clock = new FakeClock();
    const limiter = new RequestLimiter({ requestsPerSecond: 100, maxConcurrent: 3, clock, now: () => EPOCH + clock.now() });
    const started: number[] = [];
    const startedAtMs: number[] = [];
    let running = 0;
    let mostRunning = 0;
    const jobs = Array.from({ length: 10 }, (_, n) =>
      limiter.schedule(async (departure) => {
        started.push(n);
        startedAtMs.push(clock.now());
        mostRunning = Math.max(mostRunning, ++running);
        departure.sent();
        await clock.sleep(200);
        running--;
      }),
    );
    await settle();
    expect(limiter.counts()).toEqual({ queued: 7, running: 3 });
    await clock.advanceTo(1000);
    await Promise.all(jobs);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(mostRunning).toBe(3);
    // Three spaced 10.25 ms apart, then each as the one three before it ends 200 ms after it started.
    expect(startedAtMs).toEqual([0, 10.25, 20.5, 200, 210.25, 220.5, 400, 410.25, 420.5, 600]);
    // Held by the rate only for the first three's spacing (10.25 ms twice): the others waited for a place, and the
    // places freed as far apart as the spacing.
    expect(limiter.heldForRateMs).toBe(20.5);
    expect(limiter.counts()).toEqual({ queued: 0, running: 0 });
    await limiter.stop();
  });

  it('waits for a pending request to leave or end when only pending requests fill the window', async () => {
    // --rps 2: two requests whose departures are never seen fill the window until they end (at 2,000 and 2,512.5 ms).
    const { sends, limiter } = await simulate({ rps: 2, jobs: 3, lagMs: () => 0, responseMs: 2000, markDepartures: false });
    expect(sends).toEqual([0, 512.5, 3025]);
    expect(limiter.unseenDepartures).toBe(3);
    // The second waited for the spacing from 0, the third from the second's turn: the rate held them to 3,025 ms.
    expect(limiter.heldForRateMs).toBe(3025);
  });
});

describe('RequestLimiter stopping, and without a limit', () => {
  it('passes no departure headers and never waits on time without a rate limit', async () => {
    const limiter = new RequestLimiter({ requestsPerSecond: Infinity });
    const headers = await Promise.all(Array.from({ length: 20 }, () => limiter.schedule(async (departure) => departure.headers)));
    expect(headers.every((h) => Object.keys(h).length === 0)).toBe(true);
    await limiter.stop();
  });

  it('drops requests queued or waiting for their turn when stopped, and lets the one sent finish', async () => {
    const clock = new FakeClock();
    const limiter = new RequestLimiter({ requestsPerSecond: 1, maxConcurrent: 2, clock, now: clock.now });
    const sent: number[] = [];
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const job = (n: number) =>
      limiter.schedule(async (departure) => {
        sent.push(n);
        departure.sent();
        await answered;
        return n;
      });
    const first = job(1); // sent, waiting for its answer
    const waiting = job(2); // in the limiter, waiting ~1 s for its turn
    const queued = job(3); // in the queue (maxConcurrent 2)
    // Read the outcomes as they come: stop() rejects them before it resolves.
    const outcomes = Promise.allSettled([first, waiting, queued]);
    await settle();
    expect(sent).toEqual([1]);
    expect(limiter.counts()).toEqual({ queued: 1, running: 2 });
    let stopped = false;
    const stopping = limiter.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false); // the request sent is still under way
    answer();
    await stopping;
    const [one, two, three] = await outcomes;
    expect(one).toEqual({ status: 'fulfilled', value: 1 });
    expect(two).toMatchObject({ status: 'rejected', reason: expect.any(LimiterStoppedError) });
    expect(three).toMatchObject({ status: 'rejected', reason: expect.any(LimiterStoppedError) });
    await expect(job(4)).rejects.toBeInstanceOf(LimiterStoppedError);
    expect(sent).toEqual([1]);
    expect(limiter.counts()).toEqual({ queued: 0, running: 0 });
  });
});

describe('RequestLimiter with turns shared across processes', () => {
  /** An in-memory stand-in for shared-window.ts: records what the limiter asks of it. */
  function recordingTurns() {
    const log: string[] = [];
    let serial = 0;
    return {
      log,
      turns: {
        acquire: async (signal?: AbortSignal) => {
          const ticket = `t${serial++}`;
          log.push(`acquire ${ticket}`);
          signal?.throwIfAborted();
          return ticket;
        },
        sent: async (ticket: string) => {
          log.push(`sent ${ticket}`);
        },
        pauseUntil: async (untilMs: number) => {
          log.push(`pause ${untilMs}`);
        },
      },
    };
  }

  it('takes a shared turn for each request, marks it sent once, and shares a pause', async () => {
    const shared = recordingTurns();
    const limiter = new RequestLimiter({ requestsPerSecond: 100, maxConcurrent: 2, shared: shared.turns });
    await Promise.all([1, 2].map(() => limiter.schedule(async (departure) => departure.sent())));
    limiter.pauseUntil(Date.now() + 1000);
    expect(shared.log.filter((l) => l.startsWith('acquire'))).toHaveLength(2);
    expect(shared.log.filter((l) => l.startsWith('sent')).sort()).toEqual(['sent t0', 'sent t1']);
    expect(shared.log.at(-1)).toMatch(/^pause \d+$/);
    await limiter.stop();
  });

  it('a shared turn refused because the limiter stops is a LimiterStoppedError, and frees the local slot', async () => {
    const limiter = new RequestLimiter({
      requestsPerSecond: 1,
      shared: {
        acquire: (signal) =>
          new Promise<string>((_, reject) => {
            signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
          }),
        sent: async () => undefined,
        pauseUntil: async () => undefined,
      },
    });
    const waiting = limiter.schedule(async () => 'sent');
    await settle();
    const stop = limiter.stop();
    await expect(waiting).rejects.toBeInstanceOf(LimiterStoppedError);
    await stop;
  });

  it('a pause heard while Redis gave the turn holds the request until it ends, and the turn is given back if it stops', async () => {
    const clock = new FakeClock(EPOCH);
    const log: string[] = [];
    let give: ((ticket: string) => void) | undefined;
    const limiter = new RequestLimiter({
      requestsPerSecond: 10,
      clock,
      now: clock.now,
      shared: {
        acquire: () => new Promise<string>((resolve) => (give = resolve)),
        sent: async (ticket) => void log.push(`sent ${ticket}`),
        pauseUntil: async () => undefined,
      },
    });
    const sentAtMs: number[] = [];
    const request = limiter.schedule(async (departure) => {
      sentAtMs.push(clock.now() - EPOCH);
      departure.sent();
    });
    await settle();
    limiter.pauseUntil(EPOCH + 3_000);
    give?.('t0');
    await clock.advanceTo(EPOCH + 2_999);
    expect(sentAtMs).toEqual([]);
    await clock.advanceTo(EPOCH + 3_000);
    await request;
    expect(sentAtMs).toEqual([3_000]);
    expect(log).toEqual(['sent t0']);

    const held = limiter.schedule(async () => 'sent');
    await clock.advanceTo(EPOCH + 4_000);
    limiter.pauseUntil(EPOCH + 10_000);
    give?.('t1');
    await settle();
    const stop = limiter.stop();
    await expect(held).rejects.toBeInstanceOf(LimiterStoppedError);
    await stop;
    expect(log).toEqual(['sent t0', 'sent t1']);
  });
});
